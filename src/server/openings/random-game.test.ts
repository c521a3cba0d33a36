import { describe, expect, it } from 'vitest';
import { buildRepertoireFromPgn } from '../../chess/index.js';
import { playRandomGame } from './random-game.js';

const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

describe('playRandomGame', () => {
  it('plays the same legal game for the same seed, seeing each position after its move', () => {
    const seen: string[] = [];
    const game = playRandomGame(seeded(3), 30, 4, (pos) => seen.push(pos.turn));
    expect(playRandomGame(seeded(3), 30, 4)).toEqual(game);
    expect(game).toHaveLength(30);
    expect(seen.slice(0, 2)).toEqual(['black', 'white']);
    // Legal: the PGN reader replays every move.
    expect(buildRepertoireFromPgn(`${game.join(' ')} *`, { color: 'white' }).isOk).toBe(true);
  });

  it('keeps the first moves among the first three legal ones, so games share openings', () => {
    const firsts = new Set(Array.from({ length: 40 }, (_, i) => playRandomGame(seeded(i + 1), 1, 1)[0]));
    expect(firsts.size).toBeLessThanOrEqual(3);
  });
});
