import { describe, expect, test } from 'vitest';
import type { Hole } from '../../../../chess/coverage-walk';
import { buildRepertoireFromPgn } from '../../../../chess/repertoire';
import { aboutOneIn, cardFromHole, fenAfterHole, isRepertoirePosition } from './hole-card';

const AFTER_E4_E5_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const hole: Hole = {
  fen: AFTER_E4_E5_NF3,
  line: '1. e4 e5 2. Nf3 d6',
  san: 'd6',
  uci: 'd7d6',
  reach: 0.027,
  share: 0.06,
  games: 1200,
};

describe('a hole as a card', () => {
  test('reach reads as about 1 in N games', () => {
    expect(aboutOneIn(0.027)).toBe('about 1 in 37 games');
    expect(aboutOneIn(0.00008)).toBe('about 1 in 12,500 games');
    expect(aboutOneIn(1)).toBe('about 1 in 1 games');
    expect(aboutOneIn(0)).toBe('almost never');
  });

  test('the prompt is the position after the opponent’s move; the answer is left to the player', () => {
    const card = cardFromHole(hole, 'white', 'Italian')!;
    expect(card.promptFen).toBe('rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3');
    expect(card.prompt).toBe('Italian: what do you play after 1. e4 e5 2. Nf3 d6? (about 1 in 37 games)');
    expect(card.answer).toBe('');
    expect(card.promptPgn).toBe('1. e4 e5 2. Nf3 d6');
  });

  test('Add to drill is offered only where the repertoire has a move after the hole', () => {
    // After 2...d6 the repertoire has no move; after 3...d6 (reached another way) it plays 4. c3.
    const rep = buildRepertoireFromPgn('1. e4 e5 2. Nf3 Nc6 3. Bc4 d6 4. c3 *', { color: 'white' }).unwrap();
    expect(isRepertoirePosition(rep, fenAfterHole(hole))).toBe(false);
    const afterBc4 = 'r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';
    const transposing: Hole = { ...hole, fen: afterBc4, uci: 'd7d6', san: 'd6', line: '1. e4 e5 2. Nf3 Nc6 3. Bc4 d6' };
    expect(isRepertoirePosition(rep, fenAfterHole(transposing))).toBe(true);
    expect(isRepertoirePosition(undefined, fenAfterHole(transposing))).toBe(false);
  });
});
