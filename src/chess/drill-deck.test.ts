import { describe, expect, test } from 'vitest';
import { readFixture } from '../../test/fixtures.js';
import {
  buildDrillDeck,
  diffDrillDeck,
  drillDeckBuilder,
  type DrillDeckItem,
  type StoredDrillItem,
} from './drill-deck.js';
import { gradeDrillAnswer } from './drill-answer.js';
import { positionKey } from './fen.js';
import { buildRepertoireFromPgn } from './repertoire.js';
import { newCard, reviewCard, Rating, State } from './scheduling.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const build = (text: string, color: 'white' | 'black' = 'white', excludeSymbols: ('?' | '??' | '!?' | '?!')[] = []) =>
  buildRepertoireFromPgn(text, { color, excludeSymbols }).unwrap();
const deckOf = (text: string, color: 'white' | 'black' = 'white') => buildDrillDeck(build(text, color));
const stored = (deck: DrillDeckItem[], retired = false): StoredDrillItem[] =>
  deck.map((d) => ({ key: d.key, answers: d.answers, retired }));

describe('drill deck', () => {
  test('one item per own-colour position with a move, in breadth-first order, with a shortest line', () => {
    const deck = deckOf('1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n1. e4 c5 2. Nf3 *');
    expect(deck.map((d) => [d.line, d.answers.map((a) => a.san), d.ord])).toEqual([
      ['', ['e4'], 0],
      ['1. e4 e5', ['Nf3'], 1],
      ['1. e4 c5', ['Nf3'], 2],
      ['1. e4 e5 2. Nf3 Nc6', ['Bb5'], 3],
    ]);
    expect(deck[0]).toMatchObject({ key: positionKey(START), moveNumber: 1, chapters: [{ index: 0 }, { index: 1 }] });
    expect(deck[0].answers).toEqual([{ uci: 'e2e4', san: 'e4' }]);
  });

  test('black items start after the first white move; white moves are never items', () => {
    const deck = deckOf('1. e4 c5 2. Nf3 d6 *\n\n1. d4 Nf6 *', 'black');
    expect(deck.map((d) => d.line)).toEqual(['1. e4', '1. d4', '1. e4 c5 2. Nf3']);
    expect(deck.every((d) => d.fen.split(' ')[1] === 'b')).toBe(true);
  });

  test('two chapters with different answers give one item with both answers', () => {
    const deck = deckOf('1. e4 e5 2. Nf3 *\n\n1. e4 e5 2. Bc4 *');
    expect(deck[1].answers.map((a) => a.san)).toEqual(['Nf3', 'Bc4']);
  });

  test('a transposition is one item whose line is the shortest way there', () => {
    const deck = deckOf(
      '1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 *\n\n1. c4 e6 2. d4 d5 3. Nc3 Nf6 4. Bg5 *\n\n1. d4 d5 2. c4 *',
    );
    const qgd = deck.filter((d) => d.answers[0].san === 'Bg5');
    expect(qgd).toHaveLength(1);
    // Of the two shortest lines, the first in text order, whatever the order of the chapters.
    expect(qgd[0].line).toBe('1. c4 e6 2. d4 d5 3. Nc3 Nf6');
    const reversed = deckOf(
      '1. d4 d5 2. c4 *\n\n1. c4 e6 2. d4 d5 3. Nc3 Nf6 4. Bg5 *\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 *',
    );
    expect(reversed.find((d) => d.answers[0].san === 'Bg5')?.line).toBe(qgd[0].line);
  });

  test('a longer line never wins over a shorter one, whatever its text', () => {
    // '1. Nf3 ...' comes first in text order, but reaches the position after 1. d4 d5 four moves later.
    const deck = deckOf('1. Nf3 Nf6 2. Ng1 Ng8 3. e3 e6 4. d4 d5 5. c4 *\n\n1. d4 d5 2. c4 *');
    expect(deck.find((d) => d.answers[0].san === 'c4')?.line).toBe('1. d4 d5');
  });

  test('built a few positions at a time, the deck is the same as built at once', () => {
    const rep = build(readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn'), 'black');
    const builder = drillDeckBuilder(rep);
    let steps = 1;
    while (builder.step(3)) steps++;
    expect(steps).toBeGreaterThan(10);
    expect(builder.step(3)).toBe(false);
    expect(builder.deck).toEqual(buildDrillDeck(rep));
  });

  test('excluded moves and what follows them are not asked', () => {
    const rep = build('1. e4 e5 2. Nf3?! Nc6 3. Bb5 *\n\n1. e4 e5 2. Bc4 *', 'white', ['?!']);
    const deck = buildDrillDeck(rep);
    expect(deck.map((d) => d.answers.map((a) => a.san).join())).toEqual(['e4', 'Bc4']);
  });

  test('a set-up chapter starts its own lines at its FEN', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    const deck = deckOf(`[FEN "${fen}"]\n[SetUp "1"]\n\n3. Bb5 a6 4. Ba4 *`);
    expect(deck.map((d) => [d.line, d.startFen === fen])).toEqual([
      ['', true],
      ['3. Bb5 a6', true],
    ]);
  });

  test('the Ruy Lopez study fixture: every black answer in the deck is a repertoire move', () => {
    const rep = build(readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn'), 'black');
    const deck = buildDrillDeck(rep);
    expect(deck.length).toBeGreaterThan(5);
    for (const item of deck) {
      const position = rep.positions.get(item.key)!;
      expect(position.turn).toBe('black');
      expect(item.answers.map((a) => a.uci)).toEqual(position.moves.map((m) => m.uci));
    }
    expect(new Set(deck.map((d) => d.key)).size).toBe(deck.length);
    expect(deck.map((d) => d.ord)).toEqual(deck.map((_, i) => i));
  });

  test('the deep-tree fixture deck keeps every own-move position once', () => {
    // The recorded study has an illegal move in a variation: cut there, as the app reads it.
    const text = readFixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn');
    const rep = buildRepertoireFromPgn(text, { color: 'white', lenient: true }).unwrap();
    const deck = buildDrillDeck(rep);
    const own = [...rep.positions.values()].filter((p) => p.turn === 'white' && p.moves.length > 0);
    expect(deck).toHaveLength(own.length);
  });
});

describe('drill deck diff', () => {
  const before = deckOf('1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n1. e4 c5 2. Nf3 *');

  test('a first sync adds every item', () => {
    const diff = diffDrillDeck(before, []);
    expect(diff.added).toHaveLength(4);
    expect([diff.retired, diff.changed, diff.returning, diff.same]).toEqual([[], [], [], []]);
  });

  test('the same study again changes nothing', () => {
    const diff = diffDrillDeck(before, stored(before));
    expect(diff.same).toHaveLength(4);
    expect(diff.added.length + diff.retired.length + diff.changed.length + diff.returning.length).toBe(0);
  });

  test('a dropped chapter retires its positions, a new answer marks a change, a new line adds', () => {
    const after = deckOf('1. e4 e5 2. Bc4 *\n\n1. d4 *');
    const diff = diffDrillDeck(after, stored(before));
    expect(diff.retired.sort()).toEqual(
      [before[2].key, before[3].key].sort(), // after 1. e4 c5, and after 2... Nc6
    );
    expect(diff.changed.map((d) => d.answers.map((a) => a.san))).toEqual([['e4', 'd4'], ['Bc4']]);
    expect(diff.added).toEqual([]);
  });

  test('answers in another order are the same answers', () => {
    const a = deckOf('1. e4 *\n\n1. d4 *');
    const b = deckOf('1. d4 *\n\n1. e4 *');
    expect(diffDrillDeck(b, stored(a)).same).toHaveLength(1);
  });

  test('a position that comes back returns with its history, not as a new item', () => {
    const retiredRows = stored(before).map((s, i) => ({ ...s, retired: i === 3 }));
    const diff = diffDrillDeck(before, retiredRows);
    expect(diff.returning.map((d) => d.key)).toEqual([before[3].key]);
    expect(diff.added).toEqual([]);
    // History lives on the stored schedule: a reviewed item keeps its state when it returns.
    const now = new Date('2026-01-01T00:00:00Z');
    const card = reviewCard(newCard({} as never, now), Rating.Easy, now).unwrap().card;
    expect(card.state).toBe(State.Review);
  });
});

describe('drill answer', () => {
  const answers = [
    { uci: 'e1h1', san: 'O-O' },
    { uci: 'd2d4', san: 'd4' },
  ];
  const fen = 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4';
  test.each([
    ['e1g1', true, 'O-O'],
    ['e1h1', true, 'O-O'],
    ['d2d4', true, 'd4'],
    ['c2c3', false, 'c3'],
  ])('%s is graded %s', (uci, correct, san) => {
    expect(gradeDrillAnswer(fen, uci, answers).unwrap()).toEqual({ correct, san });
  });
  test('an illegal or unreadable move is an error, not a wrong answer', () => {
    expect(gradeDrillAnswer(fen, 'e1e3', answers).isErr).toBe(true);
    expect((gradeDrillAnswer(fen, 'zz', answers) as { error?: { code: string } }).error?.code).toBe('bad_uci');
  });
});
