import { describe, expect, test } from 'vitest';
import { buildRepertoireFromPgn } from '../../../../chess/repertoire';
import { compareGamePgn, type GameComparison as CoreComparison } from '../../../../chess/compare-game';
import type { GameComparison } from '../api/opening-checks';
import { canMakeCard, cardFromComparison } from './card-from-comparison';

const KINGS_GAMBIT = '1. e4 e5 2. f4 exf4 3. Nf3 g5 *\n\n\n1. e4 e5 2. f4 d5 3. exd5 *';
/** The comparison as check_opening sends it: the server gives the record its wire names. */
const onWire = ({ record, ...c }: CoreComparison): GameComparison => ({
  ...c,
  record: {
    hero_opening: record.heroOpening,
    actual_opening: record.actualOpening,
    how_left_opening: record.howLeftOpening,
    move_left_opening: record.moveLeftOpening,
  },
});
const compare = (game: string, color: 'white' | 'black' = 'white'): GameComparison =>
  onWire(
    compareGamePgn(buildRepertoireFromPgn(KINGS_GAMBIT, { color, name: 'KG' }).unwrap(), game, {
      gameName: 'a vs. b',
    }).unwrap(),
  );

describe('a card from a comparison', () => {
  test('where the opponent left, asks the player what to play after the opponent’s new move', () => {
    const card = cardFromComparison(compare('1. e4 e5 2. f4 Nc6 *'), 'white')!;
    const afterNc6 = 'r1bqkbnr/pppp1ppp/2n5/4p3/4PP2/8/PPPP2PP/RNBQKBNR w KQkq - 1 3';
    expect(card.promptFen).toBe(afterNc6);
    expect(card.answerFen).toBe(afterNc6);
    expect(card.prompt).toBe(
      'Your opponent played 2... Nc6, which your repertoire does not cover: what do you play? (KG, after 1. e4 e5 2. f4 Nc6, in a vs. b)',
    );
    // The player fills in the answer: the repertoire's own moves there are the opponent's.
    expect(card.answer).toBe('');
    expect(card.answer).not.toContain('exf4');
    expect(card.promptPgn).toBe('1. e4 e5 2. f4 Nc6');
    expect(card.answerPgn).toBe('1. e4 e5 2. f4 Nc6');
    expect(card.orientation).toBe('white');
  });

  test('a Black repertoire asks Black’s question after White’s new move', () => {
    const card = cardFromComparison(compare('1. e4 e5 2. Nf3 *', 'black'), 'black')!;
    expect(card.prompt).toMatch(
      /^Your opponent played 2\. Nf3, which your repertoire does not cover: what do you play\?/,
    );
    expect(card.promptFen.split(' ')[1]).toBe('b');
    expect(card.orientation).toBe('black');
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

  test('a card from a repertoire position carries what the study says about the answer', () => {
    const annotated = "1. e4 e5 2. f4 { The King's Gambit: [%cal Gf1c4] open the f-file. } exf4 *";
    const rep = buildRepertoireFromPgn(annotated, { color: 'white', name: 'KG' }).unwrap();
    const c = onWire(compareGamePgn(rep, '1. e4 e5 2. Nf3 *', { gameName: 'a vs. b' }).unwrap());
    expect(c.repertoireMoves).toEqual([{ san: 'f4', uci: 'f2f4', comment: "The King's Gambit: open the f-file." }]);
    expect(cardFromComparison(c, 'white')!.answer).toBe(
      "The repertoire plays 2. f4. The King's Gambit: open the f-file.",
    );
  });
});
