import { describe, expect, test } from 'vitest';
import { clampEngineElo, ENGINE_ELO } from '../../../lib/engine/uci-engine';
import { DEFAULT_ENGINE_ELO, engineEloOf } from './engine-elo';

describe("the engine's strength from the player's bands", () => {
  test.each([
    ['1600,1800,2000', 1700],
    ['2000,1800', 1900],
    ['1800,2000,2200,2500', 1900],
    ['2500', 2600],
    ['1200', 1320],
    ['400,1000', ENGINE_ELO.min],
    ['', DEFAULT_ENGINE_ELO],
    [' , ', DEFAULT_ENGINE_ELO],
  ])('bands "%s" play at about %i', (ratings, elo) => {
    expect(engineEloOf(ratings)).toBe(elo);
  });

  test('without bands the engine plays at 1500', () => {
    expect(DEFAULT_ENGINE_ELO).toBe(1500);
  });

  test("an Elo outside Stockfish's 1320..3190 is clamped, and rounded", () => {
    expect(clampEngineElo(900)).toBe(1320);
    expect(clampEngineElo(5000)).toBe(3190);
    expect(clampEngineElo(1749.6)).toBe(1750);
  });
});
