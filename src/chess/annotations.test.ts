import { describe, expect, test } from 'vitest';
import { readFixture } from '../../test/fixtures.js';
import { glyphOf, noteKey, parseComment, type Shape } from './annotations.js';
import { positionKey } from './fen.js';
import { parseGames } from './pgn.js';
import { buildRepertoire, buildRepertoireFromPgn, type Repertoire } from './repertoire.js';
import { moveAnnotation, notesInto } from './repertoire-notes.js';

const STUDIES = [
  'lichess/study_i5a1oOJH_ruy_lopez_2021.pgn',
  'lichess/study_HIs6KLhc_gamebook_2025.pgn',
  'lichess/study_chapter_8c8bmUfy_current_format_2026.pgn',
  'lichess/study_LKbBDz6U_glyphs_2023.pgn',
  'lichess/study_GJ5NRo9a_deep_tree_2024.pgn',
];

// Lenient: the deep tree has an illegal move in a variation.
const build = (text: string): Repertoire => buildRepertoireFromPgn(text, { color: 'white', lenient: true }).unwrap();

/** Every shape of a repertoire's notes and chapter introductions, as the PGN writes it ('Gf3d4'). */
const shapeTokens = (rep: Repertoire): Set<string> => {
  const token = (s: Shape) => `${s.brush[0].toUpperCase()}${s.orig}${s.dest ?? ''}`;
  const tokens = new Set<string>();
  for (const note of rep.notes.values()) for (const s of note.shapes) tokens.add(token(s));
  for (const c of rep.chapters) for (const s of c.intro?.shapes ?? []) tokens.add(token(s));
  return tokens;
};

describe('parseComment', () => {
  test.each([
    ['Develop. [%cal Gg1f3,Rd1h5][%csl Ye5]', 'Develop.', ['green g1 f3', 'red d1 h5', 'yellow e5 -']],
    ['[%clk 0:05:00] Time trouble [%eval 0.31,20]', 'Time trouble', []],
    ['a [%cal Ge2e4 , Bd7d5 ] b', 'a b', ['green e2 e4', 'blue d7 d5']],
    ['[%emt 0:00:03][%draw arrow,e2,e4] text', 'text', []],
    ['[%csl Gd4,Xd5,Gz9]', '', ['green d4 -']],
    ['Plain words\nover two lines', 'Plain words over two lines', []],
  ])('%j reads as its text and shapes', (raw, text, shapes) => {
    const parsed = parseComment(raw);
    expect(parsed.text).toBe(text);
    expect(parsed.shapes.map((s) => `${s.brush} ${s.orig} ${s.dest ?? '-'}`)).toEqual(shapes);
  });

  // The plainest reading, with regular expressions: the hand-written reader must give the same.
  const referenceParse = (raw: string) => {
    const brushes: Record<string, string> = { G: 'green', R: 'red', Y: 'yellow', B: 'blue' };
    const shapes: Shape[] = [];
    const text = raw.replace(/\[%([a-zA-Z]+)([^\]]*)\]/g, (_, name: string, args: string) => {
      if (name === 'cal' || name === 'csl')
        for (const token of args.split(',')) {
          const m = /^([RGYB])([a-h][1-8])([a-h][1-8])?$/.exec(token.trim());
          if (!m) continue;
          const shape = { orig: m[2], brush: brushes[m[1]] } as Shape;
          if (m[3] !== undefined && m[3] !== m[2]) shape.dest = m[3];
          shapes.push(shape);
        }
      return ' ';
    });
    return { text: text.replace(/\s+/g, ' ').trim(), shapes };
  };

  test('reads every comment as the regular expressions do, also odd ones', () => {
    const pieces = [
      '[%',
      ']',
      'cal',
      'csl',
      'clk',
      ' ',
      ',',
      'G',
      'R',
      'Ye',
      'e2e4',
      'd5',
      'z9',
      '\n',
      '\u00a0',
      'x',
      '[',
      '%',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const raws = ['[%cal Ge2e2,Rd5, Yz9a1 ,Bh8h8x][%csl Ge4e4] a', '[%cal\u00a0Ga1b2\u00a0]', '[%cal Gb2 , ]'];
    for (const path of STUDIES) for (const [, body] of readFixture(path).matchAll(/\{([^}]*)\}/g)) raws.push(body);
    for (let i = 0; i < 5000; i++)
      raws.push(
        Array.from({ length: 1 + Math.floor(random() * 14) }, () => pieces[Math.floor(random() * pieces.length)]).join(
          '',
        ),
      );
    expect(raws.length).toBeGreaterThan(5100);
    for (const raw of raws) expect(parseComment(raw), raw).toEqual(referenceParse(raw));
  });

  test('NAGs read as Lichess glyphs, unknown ones as $n', () => {
    expect([1, 2, 3, 4, 5, 6, 146, 16, 250].map(glyphOf)).toEqual(['!', '?', '!!', '??', '!?', '?!', 'N', '±', '$250']);
  });
});

describe('annotations of the real studies', () => {
  test.each(STUDIES)('%s: every [%%cal] and [%%csl] shape is read and no command is left in a comment', (path) => {
    const text = readFixture(path);
    const rep = build(text);
    const inText = new Set<string>();
    for (const [, args] of text.matchAll(/\[%c[as]l\s([^\]]*)\]/g))
      for (const t of args.split(',')) inText.add(t.trim().replace(/^([RGYB][a-h][1-8])\1$/, '$1'));
    expect(shapeTokens(rep)).toEqual(inText);
    const texts = [...rep.notes.values()].flatMap((n) => n.comments);
    texts.push(...rep.chapters.flatMap((c) => (c.intro ? [c.intro.text] : [])));
    for (const t of texts) {
      expect(t).not.toMatch(/\[%/);
      expect(t).toBe(t.trim());
    }
    if (/\{[^}]*[a-z]{3}/i.test(text.replace(/\[%[^\]]*\]/g, ''))) expect(texts.length).toBeGreaterThan(0);
  });

  test.each(STUDIES)('%s: a study read twice over says each thing once', (path) => {
    const text = readFixture(path);
    const once = build(text);
    const twice = build(`${text.trim()}\n\n\n${text.trim()}\n`);
    expect(twice.notes).toEqual(once.notes);
    for (const note of twice.notes.values()) expect(new Set(note.comments).size).toBe(note.comments.length);
  });

  test.each(STUDIES)('%s: the one-pass build keeps the same annotations as replaying the games', (path) => {
    const text = readFixture(path);
    expect(build(text).notes).toEqual(
      buildRepertoire(parseGames(text, { lenient: true }).unwrap(), { color: 'white' }).notes,
    );
  });

  test('a comment with arrows belongs to its move, and introduces the position after it', () => {
    const rep = build(readFixture('lichess/study_chapter_8c8bmUfy_current_format_2026.pgn'));
    const afterE4C5 = positionKey('rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    const nf3 = moveAnnotation(rep, afterE4C5, 'g1f3');
    expect(nf3.comment).toBe('Simple developing move to control the d4 square');
    expect(nf3.shapes).toEqual([
      { orig: 'd4', brush: 'green' },
      { orig: 'c5', brush: 'green' },
      { orig: 'f3', dest: 'd4', brush: 'green' },
      { orig: 'c5', dest: 'd4', brush: 'green' },
    ]);
    const into = notesInto(rep).get(rep.notes.get(noteKey(afterE4C5, 'g1f3'))!.to)!;
    expect(into.comment).toBe(nf3.comment);
    expect(rep.chapters[0].intro?.text).toMatch(/^This chapter will go over the Dragon Variation/);
    expect(notesInto(rep).get(rep.roots[0])?.comment).toBe(rep.chapters[0].intro?.text);
  });

  test('glyphs written after the move and as NAGs are kept with the move', () => {
    const rep = build(readFixture('lichess/study_LKbBDz6U_glyphs_2023.pgn'));
    const glyphs = new Set([...rep.notes.values()].flatMap((n) => n.glyphs));
    for (const g of ['?!', '!?', '!']) expect(glyphs.has(g)).toBe(true);
    const deep = build(readFixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn'));
    expect([...deep.notes.values()].some((n) => n.glyphs.includes('N'))).toBe(true);
  });

  test('two chapters that comment a move differently keep both texts, in chapter order', () => {
    const rep = build(
      '{ Intro } 1. e4 { Best by test [%cal Ge2e4] } e5 *\n\n1. e4 { Best by test } e5 *\n\n1. e4 { Controls d5 [%cal Ge2e4] } c5 *\n',
    );
    const start = rep.roots[0];
    expect(moveAnnotation(rep, start, 'e2e4')).toEqual({
      comment: 'Best by test\n\nControls d5',
      shapes: [{ orig: 'e2', dest: 'e4', brush: 'green' }],
      glyphs: [],
    });
    expect(rep.chapters.map((c) => c.intro?.text)).toEqual(['Intro', undefined, undefined]);
    expect(moveAnnotation(rep, start, 'd2d4')).toEqual({ comment: '', shapes: [], glyphs: [] });
  });

  test('a move left out by an excluded symbol carries no note', () => {
    const rep = buildRepertoireFromPgn('1. e4 e5 2. Nf3?! { Dubious here } Nc6 *', {
      color: 'white',
      excludeSymbols: ['?!'],
    }).unwrap();
    expect(rep.notes.size).toBe(0);
  });
});
