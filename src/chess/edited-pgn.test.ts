import { describe, expect, test } from 'vitest';
import { readFixture } from '../../test/fixtures.js';
import { repertoireShape as shape } from '../../test/repertoire-shape.js';
import { Chess } from 'chessops/chess';
import { makeSanAndPlay } from 'chessops/san';
import { chapterLines } from './chapter-lines.js';
import { additionsPgn, editedPgnChapters, editedPgnSteps, editedRepertoirePgn } from './edited-pgn.js';
import type { ExcludeSymbol } from './exclude-symbols.js';
import { parseGames } from './pgn.js';
import { applyEdits, type RepertoireEdit } from './repertoire-edits.js';
import { moveAnnotation, ownNote } from './repertoire-notes.js';
import { parseRepertoireLine } from './repertoire-line.js';
import { buildRepertoireFromPgn, type Color, type Repertoire } from './repertoire.js';

const OPEN = '[Event "Prep: Open"]\n[ChapterName "Open"]\n\n1. e4 e5 2. Nf3 { the main line } Nc6 3. Bb5 a6 *';
const SICILIAN = '[Event "Prep: Sicilian"]\n[ChapterName "Sicilian"]\n\n1. e4 c5 2. Nf3 { a note } d6 3. d4 *';
const ORDER = '[Event "Prep: Move order"]\n[ChapterName "Move order"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bc4 *';
const STUDY = [OPEN, SICILIAN, ORDER].join('\n\n');

const add = (line: string): RepertoireEdit => ({ op: 'add', line: parseRepertoireLine(line).unwrap() });
const remove = (line: string): RepertoireEdit => ({ op: 'remove', line: parseRepertoireLine(line).unwrap() });

const roundTrip = (
  text: string,
  edits: RepertoireEdit[],
  color: Color = 'white',
  excludeSymbols: ExcludeSymbol[] = [],
): { pgn: string; edited: Repertoire; again: Repertoire } => {
  const base = buildRepertoireFromPgn(text, { color, excludeSymbols, lenient: true }).unwrap();
  const edited = applyEdits(base, edits);
  const pgn = editedRepertoirePgn(base, edited, text);
  const again = buildRepertoireFromPgn(pgn, { color, excludeSymbols }).unwrap();
  return { pgn, edited: edited.rep, again };
};

const chapterNames = (pgn: string) =>
  parseGames(pgn)
    .unwrap()
    .map((g) => g.name);

describe('edited repertoire as PGN', () => {
  test('without edits it is the study itself, chapter by chapter', () => {
    const { pgn, edited, again } = roundTrip(STUDY, []);
    expect(pgn).toBe(`${OPEN}\n\n${SICILIAN}\n\n${ORDER}\n`);
    expect(shape(again)).toEqual(shape(edited));
  });

  test('additions become one chapter holding them as a tree; the chapters are kept as written', () => {
    const { pgn, edited, again } = roundTrip(STUDY, [
      add('1. e4 b6 2. d4 Bb7'),
      add('1. e4 b6 2. Nc3'),
      add('1. d4 d5'),
    ]);
    expect(chapterNames(pgn)).toEqual(['Open', 'Sicilian', 'Move order', 'Chess Prep additions (White)']);
    expect(pgn.startsWith(`${OPEN}\n\n${SICILIAN}\n\n${ORDER}\n\n`)).toBe(true);
    expect(pgn).toContain('[ChapterName "Chess Prep additions (White)"]');
    expect(pgn).toContain('1. d4 ( 1. e4 b6 2. d4 ( 2. Nc3 ) 2... Bb7 ) 1... d5 *');
    expect(shape(again)).toEqual(shape(edited));
  });

  test('a removal is cut out of the chapters that play it, with what follows; their other notes stay', () => {
    const { pgn, edited, again } = roundTrip(STUDY, [remove('1. e4 c5 2. Nf3 d6')]);
    expect(pgn).toContain('1. e4 c5 2. Nf3 { a note } *');
    expect(pgn).not.toContain('d6');
    expect(pgn).toContain(OPEN);
    expect(chapterNames(pgn)).toEqual(['Open', 'Sicilian', 'Move order']);
    expect(shape(again)).toEqual(shape(edited));
  });

  test('moves a removal leaves reachable by a transposition, but no chapter plays there any more, go to the additions', () => {
    // 1. e4 goes, but 3. Bb5 a6 stay: the Move order chapter still reaches the position before them.
    const { pgn, edited, again } = roundTrip(STUDY, [remove('1. e4')]);
    expect(edited.positions.size).toBe(8);
    expect(pgn).toContain('1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 *');
    expect(chapterNames(pgn)).toEqual(['Open', 'Sicilian', 'Move order', 'Chess Prep additions (White)']);
    expect(shape(again)).toEqual(shape(edited));
  });

  test('an earlier additions chapter in the study (written back to Lichess) is replaced, not doubled', () => {
    const first = roundTrip(STUDY, [add('1. e4 b6 2. d4')]);
    const refreshed = first.pgn;
    const { pgn, edited, again } = roundTrip(refreshed, [add('1. e4 b6 2. d4'), add('1. e4 b6 2. d4 Bb7 3. Nc3')]);
    expect(chapterNames(pgn)).toEqual(['Open', 'Sicilian', 'Move order', 'Chess Prep additions (White)']);
    expect(pgn).toContain('1. e4 b6 2. d4 Bb7 3. Nc3 *');
    expect(shape(again)).toEqual(shape(edited));
  });

  test('excluded moves stay in the text and stay excluded; an added one comes in', () => {
    const text =
      '[ChapterName "Dubious"]\n\n1. e4 e5 2. Qh5?! Nc6 3. Bc4 *\n\n[ChapterName "Main"]\n\n1. e4 e5 2. Nf3 *';
    const { pgn, edited, again } = roundTrip(text, [remove('1. e4 e5 2. Nf3'), add('1. e4 e5 2. Qh5 Nc6')], 'white', [
      '?!',
    ]);
    expect(pgn).toContain('2. Qh5?! Nc6 3. Bc4');
    expect(pgn).toContain('1. e4 e5 2. Qh5 Nc6 *');
    expect(shape(again)).toEqual(shape(edited));
  });

  test('a black repertoire from a real study, with set-up chapters and many edits, reads back the same', () => {
    const text = readFixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn');
    const base = buildRepertoireFromPgn(text, { color: 'black', lenient: true }).unwrap();
    const lines = [...base.positions.values()].flatMap((p) =>
      p.moves.flatMap((m) => chapterLines(m).map((step) => sansOf(step))),
    );
    const edits: RepertoireEdit[] = [];
    lines.forEach((sans, i) => {
      const line = parseRepertoireLine(sans.join(' '));
      if (line.isErr || i % 7 !== 0) return;
      if (i % 2 === 0) edits.push({ op: 'remove', line: line.value });
      else {
        const longer = ['a6', 'h6', 'a3', 'h3']
          .map((s) => parseRepertoireLine(`${sans.join(' ')} ${s}`))
          .find((r) => r.isOk);
        if (longer?.isOk) edits.push({ op: 'add', line: longer.value });
      }
    });
    expect(edits.length).toBeGreaterThan(10);
    const edited = applyEdits(base, edits);
    const pgn = [...editedPgnChapters(base, edited, text)].join('\n');
    const again = buildRepertoireFromPgn(pgn, { color: 'black' }).unwrap();
    expect(shape(again)).toEqual(shape(edited.rep));
    expect(again.positions.size).toBeLessThan(base.positions.size);
  });
});

const sansOf = (step: { san: string; previous: unknown } | undefined): string[] => {
  const sans: string[] = [];
  for (let s = step as { san: string; previous: unknown } | undefined; s; s = s.previous as typeof s) sans.push(s.san);
  return sans.reverse();
};

describe('additions alone', () => {
  test('are the additions chapter of the whole PGN; nothing when every move is in the chapters', () => {
    const base = buildRepertoireFromPgn(STUDY, { color: 'white' }).unwrap();
    const edited = applyEdits(base, [add('1. e4 b6 2. d4'), remove('1. e4 e5 2. Nf3 Nc6 3. Bb5')]);
    const whole = editedRepertoirePgn(base, edited, STUDY);
    const alone = additionsPgn(base, edited, STUDY);
    expect(alone).toBe(whole.slice(whole.lastIndexOf('[Event ')));
    expect(alone).toContain('[ChapterName "Chess Prep additions (White)"]');
    expect(alone).toContain('1. e4 b6 2. d4 *');
    expect(additionsPgn(base, applyEdits(base, [remove('1. e4 c5')]), STUDY)).toBe('');
  });
});

describe('the player’s own notes', () => {
  const note = (line: string, comment: string): RepertoireEdit => ({
    op: 'comment',
    line: parseRepertoireLine(line).unwrap(),
    comment,
  });
  const keyAfter = (line: string) => parseRepertoireLine(line).unwrap().moves.at(-1)!;

  test('a note joins the study’s words on the move, is changed and cleared by later edits, and is read back from the PGN', () => {
    const base = buildRepertoireFromPgn(STUDY, { color: 'white' }).unwrap();
    const d4 = keyAfter('1. e4 c5 2. Nf3 d6 3. d4');
    const noted = applyEdits(base, [note('1. e4 c5 2. Nf3 d6 3. d4', 'Open Sicilian')]);
    expect(noted.effects).toEqual([{ anchorInBase: true, applied: true }]);
    expect(moveAnnotation(noted.rep, d4.fromKey, d4.uci).comment).toBe('Open Sicilian');
    expect(ownNote(noted.rep, d4.fromKey, d4.uci)).toBe('Open Sicilian');
    // The base keeps its own notes: edits never change a cached repertoire.
    expect(ownNote(base, d4.fromKey, d4.uci)).toBe('');

    const pgn = editedRepertoirePgn(base, noted, STUDY);
    const again = buildRepertoireFromPgn(pgn, { color: 'white' }).unwrap();
    expect(moveAnnotation(again, d4.fromKey, d4.uci).comment).toBe('Open Sicilian');
    expect(shape(again)).toEqual(shape(noted.rep));
    // The additions (what is pushed to the study) carry the note on its move.
    expect(additionsPgn(base, noted, STUDY)).toContain('3. d4 { Open Sicilian }');

    // On a study move with a comment: both, the study's first.
    const nf3 = keyAfter('1. e4 c5 2. Nf3');
    const both = applyEdits(base, [note('1. e4 c5 2. Nf3', 'Then d4')]);
    expect(moveAnnotation(both.rep, nf3.fromKey, nf3.uci).comment).toBe('a note\n\nThen d4');

    const cleared = applyEdits(base, [note('1. e4 c5 2. Nf3 d6 3. d4', 'first'), note('1. e4 c5 2. Nf3 d6 3. d4', '')]);
    expect(ownNote(cleared.rep, d4.fromKey, d4.uci)).toBe('');
    expect(additionsPgn(base, cleared, STUDY)).toBe('');
  });

  test('a note on a move that is not in the repertoire is not applied', () => {
    const base = buildRepertoireFromPgn(STUDY, { color: 'white' }).unwrap();
    const edited = applyEdits(base, [note('1. d4', 'not played')]);
    expect(edited.effects).toEqual([{ anchorInBase: true, applied: false }]);
    expect(editedRepertoirePgn(base, edited, STUDY)).not.toContain('not played');
  });
});

test('a long additions chapter is written in steps: pauses inside it, and the same text', () => {
  // Seeded legal lines of 100 moves after 1. h3: some 3,000 added moves, one additions tree.
  let seed = 7;
  const pick = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
  const edits: RepertoireEdit[] = Array.from({ length: 30 }, () => {
    const pos = Chess.default();
    const sans = [makeSanAndPlay(pos, { from: 15, to: 23 })];
    while (sans.length < 100) {
      const moves = [...pos.allDests()].flatMap(([from, dests]) =>
        [...dests].map((to) => ({
          from,
          to,
          promotion: (to >> 3) % 7 === 0 && pos.board.pawn.has(from) ? ('queen' as const) : undefined,
        })),
      );
      if (moves.length === 0 || pos.isInsufficientMaterial()) break;
      sans.push(makeSanAndPlay(pos, moves[pick(moves.length)]));
    }
    return { op: 'add', line: parseRepertoireLine(sans.join(' ')).unwrap() };
  });
  const base = buildRepertoireFromPgn(STUDY, { color: 'white' }).unwrap();
  const edited = applyEdits(base, edits);
  const steps = [...editedPgnSteps(base, edited, STUDY)];
  const chapters = steps.filter((step) => step !== undefined);
  expect(chapters.join('\n')).toBe(editedRepertoirePgn(base, edited, STUDY));
  // The study's three chapters, then the additions after a run of pauses.
  expect(chapters).toHaveLength(4);
  expect(steps.lastIndexOf(chapters[2]) + 2).toBeLessThan(steps.length - 1);
  const again = buildRepertoireFromPgn(chapters.join('\n'), { color: 'white' }).unwrap();
  expect(shape(again)).toEqual(shape(edited.rep));
});
