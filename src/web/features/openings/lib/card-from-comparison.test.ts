import { describe, expect, test } from 'vitest';
import { buildRepertoireFromPgn } from '../../../../chess/repertoire';
import { compareGamePgn } from '../../../../chess/compare-game';
import type { GameComparison } from '../api/opening-checks';
import { canMakeCard, cardFromComparison } from './card-from-comparison';

const KINGS_GAMBIT = '1. e4 e5 2. f4 exf4 3. Nf3 g5 *\n\n\n1. e4 e5 2. f4 d5 3. exd5 *';
const compare = (game: string, color: 'white' | 'black' = 'white'): GameComparison =>
  compareGamePgn(buildRepertoireFromPgn(KINGS_GAMBIT, { color, name: 'KG' }).unwrap(), game, { gameName: 'a vs. b' }).unwrap() as GameComparison;

describe('a card from a comparison', () => {
  test('asks for the repertoire move where the opponent left, and shows it played on the answer board', () => {
    const card = cardFromComparison(compare('1. e4 e5 2. f4 Nc6 *'), 'white')!;
    expect(card.promptFen).toBe('rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq - 0 2');
    expect(card.answerFen).toBe('rnbqkbnr/pppp1ppp/8/8/4Pp2/8/PPPP2PP/RNBQKBNR w KQkq - 0 3');
    expect(card.prompt).toBe('KG: what does the repertoire play here after 1. e4 e5 2. f4? In a vs. b, your opponent played 2... Nc6.');
    expect(card.answer).toBe('The repertoire plays 2... exf4, 2... d5.');
    expect(card.promptPgn).toBe('1. e4 e5 2. f4');
    expect(card.answerPgn).toBe('1. e4 e5 2. f4 exf4');
    expect(card.orientation).toBe('white');
  });

  test('where the player left, the answer is the player’s repertoire move', () => {
    const card = cardFromComparison(compare('1. e4 e5 2. Nf3 *'), 'white')!;
    expect(card.promptFen).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2');
    expect(card.answer).toBe('The repertoire plays 2. f4.');
    expect(card.prompt).toContain('you played 2. Nf3');
  });

  test('a game that followed the repertoire to the end of its line makes no card', () => {
    const c = compare('1. e4 e5 2. f4 exf4 3. Nf3 g5 4. h4 *');
    expect(c.outcome).toBe('end_of_line');
    expect(canMakeCard(c)).toBe(false);
    expect(cardFromComparison(c, 'white')).toBeUndefined();
  });
});

