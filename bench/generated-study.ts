// A seeded, generated study (chapters sharing their openings, some branches, NAGs and comments),
// the same shape as the chess core bench's, for the HTTP benches.
import { Chess } from 'chessops/chess';
import { ChildNode, Node, type Game, type PgnNodeData } from 'chessops/pgn';
import { makeSanAndPlay } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import { makePgnText } from '../src/chess/index.js';

export function generateStudy(chapters: number, seedValue = 20240601): string {
  let seed = seedValue;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const legalMoves = (pos: Chess): NormalMove[] => {
    const moves: NormalMove[] = [];
    for (const [from, dests] of pos.allDests()) {
      const pawn = pos.board.get(from)?.role === 'pawn';
      for (const to of dests)
        moves.push(pawn && (to >> 3 === 0 || to >> 3 === 7) ? { from, to, promotion: 'queen' } : { from, to });
    }
    return moves.sort((a, b) => (makeUci(a) < makeUci(b) ? -1 : 1));
  };
  const line = (node: Node<PgnNodeData>, pos: Chess, plies: number, narrow: number, branches: number): void => {
    let at = node;
    for (let i = 0; i < plies; i++) {
      const moves = legalMoves(pos);
      if (moves.length === 0) return;
      const width = i < narrow ? Math.min(3, moves.length) : moves.length;
      if (branches > 0 && i > 6 && i % 8 === 0) line(at, pos.clone(), 18, 0, 0);
      const child = new ChildNode<PgnNodeData>({ san: makeSanAndPlay(pos, moves[Math.floor(random() * width)]) });
      if (random() < 0.02) child.data.nags = [6];
      if (random() < 0.05) child.data.comments = ['[%cal Ge2e4] a short note about the plan'];
      at.children.push(child);
      at = child;
    }
  };
  return Array.from({ length: chapters }, (_, i) => {
    const game: Game<PgnNodeData> = {
      headers: new Map([
        ['Event', `Generated: Chapter ${i + 1}`],
        ['StudyName', 'Generated'],
        ['ChapterName', `Chapter ${i + 1}`],
      ]),
      moves: new Node(),
    };
    line(game.moves, Chess.default(), 44, 6, 3);
    return makePgnText(game);
  }).join('\n\n');
}
