import { describe, expect, test } from 'vitest';
import { makeGameRecord, makeGameRecords } from './game-record.js';
import { readFixture } from '../../test/fixtures.js';

const fixture = readFixture;

describe('Lichess', () => {
  test('a 2026 export gives records from the hero side', () => {
    const records = makeGameRecords(fixture('lichess/games_user_Bfx-de-Blr_2026_first15.pgn'), 'bfx-de-blr', 'Lichess');
    expect(records).toHaveLength(15);
    const { pgn, ...first } = records[0];
    expect(first).toEqual({
      username: 'Bfx-de-Blr',
      actualOpening: 'B03',
      heroColor: 'White',
      heroElo: 1801,
      heroOpening: '',
      howLeftOpening: '',
      howResolved: 'Normal',
      link: 'https://lichess.org/ttgKfhyW',
      notes: '',
      opponentElo: 1836,
      opponentColor: 'Black',
      opponentName: 'Prophetman',
      result: 1,
      moveLeftOpening: null,
      dateTimePlayed: '2026-01-16T08:32:44Z',
      timeControl: '300+0',
      site: 'Lichess',
    });
    expect(pgn.startsWith('[Event "rated blitz game"]')).toBe(true);
    expect(pgn.trimEnd().endsWith('1-0')).toBe(true);
  });

  test('the 2025 export: abandoned, time forfeit and losses', () => {
    const records = makeGameRecords(fixture('lichess/games_user_thibault_2025.pgn'), 'thibault', 'Lichess');
    expect(records).toHaveLength(50);
    expect(new Set(records.map((r) => r.howResolved))).toEqual(new Set(['Normal', 'forfeit', 'Abandoned']));
    for (const r of records) {
      expect([0, 0.5, 1]).toContain(r.result);
      expect(r.link).toMatch(/^https:\/\/lichess\.org\/\w{8}$/);
      expect(r.dateTimePlayed).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(r.username).toBe('thibault');
    }
  });

  test('correspondence games keep TimeControl "-"', () => {
    const records = makeGameRecords(
      fixture('lichess/games_user_pnmadelaine_clocks_2021_first12.pgn'),
      'pnmadelaine',
      'Lichess',
    );
    expect(records).toHaveLength(12);
    expect(records.some((r) => r.timeControl === '-')).toBe(true);
  });

  test('the Opening tag names the actual opening', () => {
    const record = makeGameRecord(fixture('lichess/game_export_q7ZvsdUF_evals_literate_2026.pgn'), 'x', 'Lichess');
    expect(record.isErr && record.error.code).toBe('not_a_player');
    const text = fixture('lichess/game_export_q7ZvsdUF_evals_literate_2026.pgn');
    const black = /\[Black "([^"]+)"\]/.exec(text)![1];
    const r = makeGameRecord(text, black, 'Lichess').unwrap();
    expect(r).toMatchObject({
      actualOpening: 'D31 Semi-Slav Defense: Marshall Gambit',
      heroColor: 'Black',
      result: 0.5,
    });
  });
});

describe('Chess.com', () => {
  test('the monthly PGN gives records with the Link tag and the last word of Termination', () => {
    const records = makeGameRecords(
      fixture('chesscom/games_fabianocaruana_2020_05.pgn'),
      'FabianoCaruana',
      'Chess.com',
    );
    expect(records).toHaveLength(17);
    const { pgn: _pgn, ...first } = records[0];
    expect(first).toEqual({
      username: 'FabianoCaruana',
      actualOpening: 'A16 English Opening Anglo Indian Queens Knight Variation',
      heroColor: 'Black',
      heroElo: 3016,
      heroOpening: '',
      howLeftOpening: '',
      howResolved: 'resignation',
      link: 'https://www.chess.com/game/live/4861239226',
      notes: '',
      opponentElo: 3104,
      opponentColor: 'White',
      opponentName: 'Grischuk',
      result: 0,
      moveLeftOpening: null,
      dateTimePlayed: '2020-05-15T21:00:58Z',
      timeControl: '180',
      site: 'Chess.com',
    });
    expect(new Set(records.map((r) => r.howResolved))).toEqual(
      new Set(['resignation', 'checkmate', 'agreement', 'material', 'repetition', 'time']),
    );
  });

  test('games from the JSON archive give the same records as the PGN', () => {
    const { games } = JSON.parse(fixture('chesscom/games_fabianocaruana_2020_05.json')) as {
      games: { pgn: string; url: string }[];
    };
    for (const g of games) {
      const r = makeGameRecord(g.pgn, 'fabianocaruana', 'Chess.com').unwrap();
      expect(r.link).toBe(g.url);
    }
  });
});
