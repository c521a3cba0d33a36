import { describe, expect, test } from 'vitest';
import { makeBoardSvg } from './board-svg.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** The squares (x, y) where pieces are drawn, in order of appearance. */
function pieceSpots(svg: string): string[] {
  return [...svg.matchAll(/<text x='([\d.]+)' y='([\d.]+)'[^>]*fill='(#\w+)'/g)].map((m) => `${m[1]},${m[2]},${m[3]}`);
}

describe('makeBoardSvg', () => {
  test('the start position has 32 pieces on 64 squares', () => {
    const svg = makeBoardSvg(START).unwrap();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.match(/<rect /g)).toHaveLength(64);
    expect(svg.match(/<text /g)).toHaveLength(32);
  });

  test('seen from White, the white king (e1) is on the bottom row; seen from Black, on the top row', () => {
    const fen = '4k3/8/8/8/8/8/8/4K3 w - - 0 1';
    const white = pieceSpots(makeBoardSvg(fen, 'white').unwrap());
    const black = pieceSpots(makeBoardSvg(fen, 'black').unwrap());
    // e1: file 4 -> x centre 202.5 from White, 157.5 from Black.
    expect(white).toContain('202.5,351,#ffffff');
    expect(black).toContain('157.5,36,#ffffff');
  });

  test('a1 is a dark square at the bottom left from White, at the top right from Black', () => {
    expect(makeBoardSvg(START, 'white').unwrap()).toContain(
      "<rect x='0' y='315' width='45' height='45' fill='#b58863'/>",
    );
    expect(makeBoardSvg(START, 'black').unwrap()).toContain(
      "<rect x='315' y='0' width='45' height='45' fill='#b58863'/>",
    );
  });

  test('the markup holds no double quote, tab or newline, so it fits in one tab-separated field', () => {
    const svg = makeBoardSvg(START, 'black').unwrap();
    expect(svg).not.toMatch(/["\t\n]/);
  });

  test('a bad FEN is an error with the product message', () => {
    const result = makeBoardSvg('8/8/8 w - - 0 1');
    expect(result.isErr).toBe(true);
    if (result.isErr) expect(result.error.code).toBe('rows');
  });
});
