import { describe, expect, test } from 'vitest';
import { compareGamePgn } from './compare-game.js';
import { walkDrillLine } from './drill-line.js';
import { editedRepertoirePgn } from './edited-pgn.js';
import { opponentPrep } from './opponent-prep.js';
import { parseGames } from './pgn.js';
import { unedited } from './repertoire-edits.js';
import { buildRepertoire, buildRepertoireFromPgn, type Repertoire, type RepertoirePosition } from './repertoire.js';

// No recursion over plies: a game of thousands of half-moves (knights shuffling out and back) is read,
// compared and built into a repertoire without overflowing the call stack.
const PLIES = 5_000;
const SHUFFLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
const sans = Array.from({ length: PLIES }, (_, i) => SHUFFLE[i % 4]);
const movetext = sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ');
const GAME = `[Event "Marathon"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n${movetext} *\n`;
// A variation at the very end: the tree is as deep as the game, not a list.
const STUDY = `[Event "Deep"]\n[Result "*"]\n\n${movetext} (${Math.floor(PLIES / 2)}... Nc6) *\n`;

describe(`a game of ${PLIES.toLocaleString('en')} plies`, () => {
  test('is read and replayed', () => {
    const [game] = parseGames(GAME).unwrap();
    expect([...game.moves.mainline()]).toHaveLength(PLIES);
  });

  test('is compared with a repertoire', () => {
    const rep = buildRepertoireFromPgn('1. Nf3 Nf6 2. Ng1 *', { color: 'white' }).unwrap();
    const compared = compareGamePgn(rep, GAME).unwrap();
    expect(compared.text).toMatch(/move 2/);
  });

  test('builds a repertoire as its chapter, both ways, and is written back as PGN', () => {
    const rep = buildRepertoireFromPgn(STUDY, { color: 'black' }).unwrap();
    const played = buildRepertoire(parseGames(STUDY).unwrap(), { color: 'black' });
    expect(rep.positions.size).toBe(played.positions.size);
    expect([...rep.positions.values()].some((p) => p.moves.some((m) => m.san === 'Nc6'))).toBe(true);
    expect(editedRepertoirePgn(rep, unedited(rep), STUDY)).toContain('Nc6');
  });

  test('is counted and compared by the opponent preparation', () => {
    const rep = buildRepertoireFromPgn('1. Nf3 Nf6 *', { color: 'black' }).unwrap();
    const prep = opponentPrep([{ pgn: GAME, result: null, ref: 1 }], rep);
    expect([prep.games, prep.compared]).toEqual([1, 1]);
  });
});

test(`a drill line of ${PLIES.toLocaleString('en')} distinct positions is walked to the one asked at its end`, () => {
  const positions = new Map<string, RepertoirePosition>();
  for (let i = 0; i <= PLIES; i++) {
    const key = `p${i}`;
    const moves = i < PLIES ? [{ san: 'Nf3', uci: 'g1f3', to: `p${i + 1}` }] : [{ san: 'e4', uci: 'e2e4', to: 'end' }];
    positions.set(key, {
      key,
      fen: key,
      turn: i % 2 === 0 ? 'white' : 'black',
      moveNumber: Math.floor(i / 2) + 1,
      moves: moves.map((m) => ({ ...m, chapters: [0], lines: 1, continuingLines: 0, firstLine: [] })),
    });
  }
  const rep: Repertoire = {
    name: 'Deep',
    color: 'white',
    excluded: [],
    chapters: [],
    positions,
    roots: ['p0'],
    notes: new Map(),
  };
  const segment = walkDrillLine(rep, undefined, {
    ask: new Set([`p${PLIES}`]),
    shares: new Map(),
    random: () => 0,
    maxPlies: PLIES + 1,
  });
  expect(segment.askKey).toBe(`p${PLIES}`);
});
