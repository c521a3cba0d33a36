import { describe, expect, test } from 'vitest';
import { makeMistakeCard, promptLastMove } from './mistake-card.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SCHOLAR = ['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'];

describe('the card made from a mistake', () => {
  test("is titled by its game and move, and says whose move it is and the opponent's last move", () => {
    const card = makeMistakeCard({
      title: 'villain vs. hero',
      startFen: START,
      sans: SCHOLAR,
      ply: 6,
      better: 'g6',
      kind: 'blunder',
    })!;
    expect(card.prompt).toBe('villain vs. hero, 3... Nf6 (blunder)\nBlack to move after 3. Bc4: find a better move.');
    expect(card.promptFen).toBe('r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3');
    expect(card.promptPgn).toBe('1. e4 e5 2. Qh5 Nc6 3. Bc4');
    expect(card.answerFen).toBe('r1bqkbnr/pppp1p1p/2n3p1/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 0 4');
    expect(card.answer).toBe("g6 (the engine's choice; you played Nf6)");
    expect(card.orientation).toBe('black');
  });

  test("a hand-marked mistake on White's first move has no kind and no last move", () => {
    const card = makeMistakeCard({
      title: 'hero vs. villain',
      startFen: START,
      sans: ['f3', 'e5', 'g4', 'Qh4#'],
      ply: 1,
      better: 'e4',
      kind: null,
    })!;
    expect(card.prompt).toBe('hero vs. villain, 1. f3\nWhite to move: find a better move.');
    expect(card.orientation).toBe('white');
  });

  test('a half-move past the game or a better move that does not play makes no card', () => {
    expect(
      makeMistakeCard({ title: 't', startFen: START, sans: SCHOLAR, ply: 8, better: 'g6', kind: null }),
    ).toBeUndefined();
    expect(
      makeMistakeCard({ title: 't', startFen: START, sans: SCHOLAR, ply: 6, better: 'Ke2', kind: null }),
    ).toBeUndefined();
  });
});

describe("the prompt's last move", () => {
  test('is read from the PGN when it ends at the prompt, castling as the king’s move', () => {
    const card = makeMistakeCard({
      title: 't',
      startFen: START,
      sans: SCHOLAR,
      ply: 6,
      better: 'g6',
      kind: 'blunder',
    })!;
    expect(promptLastMove(card.promptPgn, card.promptFen)).toEqual({ from: 'f1', to: 'c4' });
    const castled = '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O';
    const fen = 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4';
    expect(promptLastMove(castled, fen)).toEqual({ from: 'e1', to: 'g1' });
  });

  test('is none for a PGN that does not end at the prompt, or an empty one', () => {
    expect(promptLastMove('1. e4 e5', START)).toBeUndefined();
    expect(promptLastMove('', START)).toBeUndefined();
  });
});
