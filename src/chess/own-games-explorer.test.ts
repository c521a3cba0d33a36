import { describe, expect, it } from 'vitest';
import { countOwnGames, ownPositionFigures } from './own-games-explorer.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// After 1. e4 c5 2. Nf3 d6 and after 1. Nf3 d6 2. e4 c5: the same position.
const MEETING = 'rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3';

describe('countOwnGames', () => {
  it('counts games that reach one position by different move orders together', () => {
    const mine = countOwnGames([
      { pgn: '1. e4 c5 2. Nf3 d6 3. d4 *', color: 'white', result: 1, playedAt: '2026-01-02T10:00:00Z' },
      { pgn: '1. Nf3 d6 2. e4 c5 3. Bb5+ *', color: 'white', result: 0.5, playedAt: '2026-03-01T10:00:00Z' },
      { pgn: '1. e4 e5 *', color: 'white', result: 0, playedAt: '2026-02-01T10:00:00Z' },
    ]);
    expect(mine.games).toBe(3);
    const meeting = ownPositionFigures(mine, MEETING)!;
    expect([meeting.white, meeting.draws, meeting.black]).toEqual([1, 1, 0]);
    expect(meeting.lastPlayed).toBe('2026-03-01T10:00:00Z');
    expect(meeting.moves.map((m) => [m.san, m.white + m.draws + m.black])).toEqual([
      ['Bb5+', 1],
      ['d4', 1],
    ]);
    const start = ownPositionFigures(mine, START)!;
    expect([start.white, start.draws, start.black]).toEqual([1, 1, 1]);
    expect(start.moves.map((m) => [m.uci, m.white, m.draws, m.black, m.lastPlayed])).toEqual([
      ['e2e4', 1, 0, 1, '2026-02-01T10:00:00Z'],
      ['g1f3', 0, 1, 0, '2026-03-01T10:00:00Z'],
    ]);
  });

  it('turns the player result into White and Black wins by the side they had', () => {
    const mine = countOwnGames([{ pgn: '1. d4 *', color: 'black', result: 1, playedAt: null }]);
    const start = ownPositionFigures(mine, START)!;
    expect([start.white, start.draws, start.black, start.lastPlayed]).toEqual([0, 0, 1, null]);
  });

  it('reads the Result tag when the result is unknown and leaves out a game without one', () => {
    const pgn = (result: string) =>
      `[Event "x"]\n[Result "${result}"]\n\n1. e4 {[%clk 0:03:00]} (1. d4 d5) e5 2. Nf3 $1 ${result}`;
    const mine = countOwnGames([
      { pgn: pgn('0-1'), color: 'white', result: null, playedAt: null },
      { pgn: pgn('*'), color: 'white', result: null, playedAt: null },
    ]);
    expect(mine.games).toBe(1);
    const start = ownPositionFigures(mine, START)!;
    expect([start.white, start.black]).toEqual([0, 1]);
    expect(start.moves.map((m) => m.san)).toEqual(['e4']);
    expect(ownPositionFigures(mine, 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2')).not.toBeNull();
  });

  it('writes each move as SAN however the game wrote it', () => {
    const mine = countOwnGames([{ pgn: '1. e4 c5 2. Ngf3 d6 3. Bb5 *', color: 'white', result: 1, playedAt: null }]);
    expect(ownPositionFigures(mine, MEETING)!.moves.map((m) => m.san)).toEqual(['Bb5+']);
    const afterE4C5 = ownPositionFigures(mine, 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2')!;
    expect(afterE4C5.moves.map((m) => [m.san, m.uci])).toEqual([['Nf3', 'g1f3']]);
  });

  it('counts a position repeated within one game once', () => {
    const mine = countOwnGames([{ pgn: '1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3', color: 'white', result: 1, playedAt: null }]);
    const start = ownPositionFigures(mine, START)!;
    expect(start.white).toBe(1);
    expect(start.moves).toHaveLength(1);
  });

  it('writes castling as the king moving two squares and stops counting after the ply limit', () => {
    const line = '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6';
    const mine = countOwnGames([{ pgn: line, color: 'white', result: 1, playedAt: null }], 6);
    const before = ownPositionFigures(mine, 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4')!;
    expect(before.moves).toEqual([]);
    const full = countOwnGames([{ pgn: line, color: 'white', result: 1, playedAt: null }]);
    const castled = ownPositionFigures(full, 'r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4')!;
    expect(castled.moves.map((m) => [m.san, m.uci])).toEqual([['O-O', 'e1g1']]);
  });

  it('stops a game at an illegal move and keeps what came before', () => {
    const mine = countOwnGames([{ pgn: '1. e4 e5 2. Ke3', color: 'white', result: 1, playedAt: null }]);
    expect(mine.positions.size).toBe(3);
  });
});
