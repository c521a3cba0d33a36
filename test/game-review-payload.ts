// A game review as upsert-game-review takes it: the first game of thibault's Lichess export, seen
// from him, for tests and benches that need a saved review; overrides change any field.
import { splitPgn } from '../src/chess/index.js';
import { readFixture } from './fixtures.js';

let firstGame: string | undefined;

export function reviewPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  firstGame ??= splitPgn(readFixture('lichess/games_user_thibault_2025.pgn'))[0];
  return {
    username: 'thibault',
    opponent_name: 'juan_queve',
    hero_color: 'White',
    date_time_played: '2025-07-19T23:12:59Z',
    site: 'Lichess',
    link: 'https://lichess.org/Q1bVT3pX',
    pgn: firstGame,
    notes: '',
    time_control: '300+3',
    hero_elo: 1712,
    opponent_elo: 1247,
    result: 1,
    how_resolved: 'Normal',
    ...overrides,
  };
}
