import { describe, expect, it } from 'vitest';
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { makeSquare, makeUci } from 'chessops/util';
import type { Move, NormalMove } from 'chessops/types';
import { parseSanFast } from './san-parse-fast.js';
import { makeSanAndPlayFast, type AfterMove } from './san-fast.js';

const legalMoves = (pos: Chess): NormalMove[] => {
  const moves: NormalMove[] = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === 'pawn';
    for (const to of dests) {
      const promotions = pawn && (to >> 3 === 0 || to >> 3 === 7) ? (['queen', 'knight'] as const) : [undefined];
      for (const promotion of promotions) moves.push({ from, to, promotion });
    }
  }
  return moves;
};

/** Texts a PGN may hold for the move, right or wrong: marks, captures, long forms, stray letters. */
const writings = (move: NormalMove, san: string): string[] => {
  const body = san.replace(/[+#]$/, '');
  const long = `${makeSquare(move.from)}${makeSquare(move.to)}`;
  const to = makeSquare(move.to);
  return [
    san,
    body,
    `${body}+`,
    `${body}#`,
    `${body}++`,
    body.replace('x', ''),
    body.replace('x', '-'),
    `x${to}`,
    to,
    `${to}+`,
    long,
    `${long.slice(0, 2)}-${long.slice(2)}`,
    `${long.slice(0, 2)}x${long.slice(2)}`,
    `${san[0]}${long}`,
    `${san[0]}${long.slice(0, 2)}x${long.slice(2)}`,
    `${san[0].toLowerCase()}${body.slice(1)}`,
    `P${body}`,
    `${body}=Q`,
    `${body}q`,
    `${body.replace(/=([QRBN])/, '$1')}`,
    `${body.replace(/=([QRBN])/, (_, p: string) => `=${p.toLowerCase()}`)}`,
    `${body.replace(/=([QRBN])/, '=K')}`,
    `${body}!`,
    ` ${body}`,
    `${body.slice(0, -1)}9`,
    `${body.slice(0, -2)}i${body.slice(-1)}`,
  ];
};

const sameMove = (a: Move | undefined, b: Move | undefined): boolean =>
  a === undefined || b === undefined ? a === b : makeUci(a) === makeUci(b);

/** Every text where parseSanFast and chessops's parseSan disagree, as [fen, text]. */
const disagreements = (pos: Chess, texts: Iterable<string>): string[][] => {
  const ctx = pos.ctx();
  const found: string[][] = [];
  for (const text of texts) {
    const fast = parseSanFast(pos, text, ctx);
    const chessops = parseSan(pos, text);
    if (!sameMove(fast, chessops)) found.push([makeFen(pos.toSetup()), text]);
  }
  return found;
};

const fromFen = (fen: string) =>
  parseFen(fen)
    .chain((setup) => Chess.fromSetup(setup))
    .unwrap();

describe('parseSanFast', () => {
  it("reads every move of random games, however a PGN writes it, exactly as chessops's parseSan does", () => {
    let seed = 777;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    const found: string[][] = [];
    let checked = 0;
    for (let game = 0; game < 30; game++) {
      const pos = Chess.default();
      for (let ply = 0; ply < 120; ply++) {
        const moves = legalMoves(pos);
        if (moves.length === 0) break;
        for (const move of moves) {
          const texts = writings(move, makeSan(pos, move));
          found.push(...disagreements(pos, texts));
          checked += texts.length;
        }
        pos.play(moves[Math.floor(random() * moves.length)]);
      }
    }
    expect(found).toEqual([]);
    expect(checked).toBeGreaterThan(50_000);
  });

  it('agrees with chessops on short random texts, legal or not', () => {
    const alphabet = 'NBRQKPnbrqkabcdefgh123456789xX-=+#O0o@! ';
    let seed = 99;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
    const positions = [
      Chess.default(),
      fromFen('r3k2r/pPpp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'),
      fromFen('8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'),
      fromFen('rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'),
    ];
    const found: string[][] = [];
    for (const pos of positions) {
      const texts: string[] = [''];
      for (let i = 0; i < 20_000; i++) {
        let text = '';
        const length = 1 + Math.floor(random() * 6);
        for (let j = 0; j < length; j++) text += alphabet[Math.floor(random() * alphabet.length)];
        texts.push(text);
      }
      found.push(...disagreements(pos, texts));
    }
    expect(found).toEqual([]);
  });

  it('agrees with chessops on every piece move to every square, with pinned pieces, checks and own pieces in the way', () => {
    const positions = [
      // The e-file rook pins the knight on e4 to its king.
      fromFen('4r1k1/3p4/8/1B6/4N3/2N5/8/4K2R w K - 0 1'),
      // White in check from the bishop on b4: only blocks, captures and king moves.
      fromFen('4k3/8/8/8/1b6/2N5/3Q4/R3K2R w KQ - 0 1'),
      // Two rooks and two knights that reach the same squares, one rook pinned by the queen on a5.
      fromFen('4k3/8/8/q7/8/2N1N3/1R6/R3K2R b KQ - 0 1'),
      fromFen('4k3/8/8/q7/8/2N1N3/1R6/R3K2R w KQ - 0 1'),
      fromFen('r3k2r/pPpp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'),
    ];
    const texts: string[] = [];
    for (const letter of 'NBRQK')
      for (let square = 0; square < 64; square++) {
        const to = makeSquare(square);
        texts.push(`${letter}${to}`, `${letter}x${to}`);
        for (const from of 'abcdefgh12345678') texts.push(`${letter}${from}${to}`);
      }
    expect(positions.flatMap((pos) => disagreements(pos, texts))).toEqual([]);
  });

  it('refuses an ambiguous move, a pawn reaching the last rank unpromoted and a move no piece can make', () => {
    // Knights on b1 and f3 both reach d2; the a-pawn stands on a7.
    const pos = fromFen('4k3/P7/8/8/8/5N2/8/1N2K3 w - - 0 1');
    const ctx = pos.ctx();
    expect(parseSanFast(pos, 'Nd2', ctx)).toBeUndefined();
    expect(parseSanFast(pos, 'Nbd2', ctx)).toEqual({ from: 1, to: 11 });
    expect(parseSanFast(pos, 'N3d2', ctx)).toEqual({ from: 21, to: 11 });
    expect(parseSanFast(pos, 'a8', ctx)).toBeUndefined();
    expect(parseSanFast(pos, 'a8=Q', ctx)).toEqual({ from: 48, to: 56, promotion: 'queen' });
    expect(parseSanFast(pos, 'Qd2', ctx)).toBeUndefined();
  });
});

describe('makeSanAndPlayFast context', () => {
  it('hands back the context of the position after the move, as that position would take it', () => {
    const pos = fromFen('r3k2r/pPpp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1');
    for (const move of legalMoves(pos)) {
      const played = pos.clone();
      const after: AfterMove = {};
      makeSanAndPlayFast(played, move, undefined, after);
      expect(after.ctx).toEqual(played.ctx());
    }
  });
});
