import { describe, expect, test } from 'vitest';
import { INITIAL_FEN } from 'chessops/fen';
import { parsePgn } from 'chessops/pgn';
import { heroResult, makePlayOnPgn, PLAY_ON_COMMENT, type PlayOnRecord } from './play-on-pgn';

const record: PlayOnRecord = {
  startFen: INITIAL_FEN,
  line: ['e4', 'e5', 'Nf3'],
  played: ['Nc6', 'Bb5', 'a6', 'Ba4'],
  hero: 'white',
  heroName: 'drill_player',
  opponentName: 'Explorer, then Stockfish (about 1700)',
  end: undefined,
  playedAt: new Date('2026-03-04T05:06:07Z'),
};

const readBack = (pgn: string) => {
  const [game] = parsePgn(pgn);
  return {
    headers: game.headers,
    sans: [...game.moves.mainline()].map((n) => n.san),
    nodes: [...game.moves.mainline()],
  };
};

describe('the PGN of a game played on', () => {
  test("reads back as the line's moves then the moves played on, with the players and the date", () => {
    const { headers, sans, nodes } = readBack(makePlayOnPgn(record));
    expect(sans).toEqual(['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6', 'Ba4']);
    expect(headers.get('Event')).toBe('Play on');
    expect(headers.get('White')).toBe('drill_player');
    expect(headers.get('Black')).toBe('Explorer, then Stockfish (about 1700)');
    expect(headers.get('Date')).toBe('2026.03.04');
    expect(headers.get('UTCTime')).toBe('05:06:07');
    expect(headers.has('FEN')).toBe(false);
    // Where the line ends and playing on begins.
    expect(nodes[2].comments).toEqual([PLAY_ON_COMMENT]);
  });

  test('a game stopped before its end is unfinished: *', () => {
    const pgn = makePlayOnPgn(record);
    expect(readBack(pgn).headers.get('Result')).toBe('*');
    expect(readBack(pgn).headers.get('Termination')).toBe('Unterminated');
    expect(pgn.trimEnd().endsWith('*')).toBe(true);
    expect(heroResult(undefined, 'white')).toBeNull();
  });

  test.each([
    [{ reason: 'checkmate', winner: 'black' }, 'white', '0-1', 0],
    [{ reason: 'checkmate', winner: 'black' }, 'black', '0-1', 1],
    [{ reason: 'resignation', winner: 'white' }, 'black', '1-0', 0],
    [{ reason: 'stalemate', winner: undefined }, 'white', '1/2-1/2', 0.5],
  ] as const)('%o with the player as %s: %s, the player scores %d', (end, hero, result, score) => {
    const pgn = makePlayOnPgn({ ...record, hero, end });
    expect(readBack(pgn).headers.get('Result')).toBe(result);
    expect(pgn.trimEnd().endsWith(result)).toBe(true);
    expect(heroResult(end, hero)).toBe(score);
  });

  test('Black the player: the names change sides', () => {
    const { headers } = readBack(makePlayOnPgn({ ...record, hero: 'black' }));
    expect(headers.get('White')).toBe('Explorer, then Stockfish (about 1700)');
    expect(headers.get('Black')).toBe('drill_player');
  });

  test('a chapter set up from its own position keeps it in FEN and SetUp', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3';
    const pgn = makePlayOnPgn({ ...record, startFen: fen, line: ['Bb5'], played: ['a6'] });
    const { headers, sans } = readBack(pgn);
    expect(headers.get('FEN')).toBe(fen);
    expect(headers.get('SetUp')).toBe('1');
    expect(sans).toEqual(['Bb5', 'a6']);
    expect(pgn).toContain('3. Bb5');
  });

  test('from the start, with nothing of a line: no comment', () => {
    const { sans, nodes } = readBack(makePlayOnPgn({ ...record, line: [], played: ['d4', 'd5'] }));
    expect(sans).toEqual(['d4', 'd5']);
    expect(nodes.every((n) => !n.comments?.length)).toBe(true);
  });
});
