import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { createExplorerAnswers } from './explorer-answer.js';
import { loadFixtures } from './fixtures.js';

/**
 * A White repertoire shaped by the fake explorer's own answers, so a coverage check against the
 * fake has real reach to rank: after each Black move the repertoire plays the fake's most played
 * reply, and at each position with Black to move it answers the fake's `breadth` most played moves
 * (the others are holes). One chapter per line.
 *
 *   fakeRepertoirePgn({ depth: 3, breadth: 2 })  // 8 lines, 7 positions with Black to move
 */
export function fakeRepertoirePgn({ depth = 3, breadth = 2 } = {}): string {
  const fixtures = loadFixtures();
  const answers = createExplorerAnswers(fixtures.explorerBerserk, fixtures.explorerDocsExample);
  type Move = { san: string; uci: string; white: number; draws: number; black: number };
  const movesAt = (fen: string): Move[] => {
    const body = answers.answer(fen);
    const moves = body ? ((JSON.parse(body) as { moves: Move[] }).moves ?? []) : [];
    return [...moves].sort((a, b) => b.white + b.draws + b.black - (a.white + a.draws + a.black));
  };
  const play = (fen: string, san: string): string => {
    const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
    const move = [...pos.allDests()]
      .flatMap(([from, dests]) => [...dests].map((to) => ({ from, to })))
      .find((m) => makeSan(pos, m) === san);
    if (!move) throw new Error(`no move ${san} in ${fen}`);
    pos.play(move);
    return makeFen(pos.toSetup());
  };
  const lines: string[][] = [];
  const grow = (fen: string, sans: string[], left: number) => {
    const own = movesAt(fen)[0];
    if (!own) return void lines.push(sans);
    const afterOwn = play(fen, own.san);
    const replies = left > 0 ? movesAt(afterOwn).slice(0, breadth) : [];
    if (replies.length === 0) return void lines.push([...sans, own.san]);
    for (const reply of replies) grow(play(afterOwn, reply.san), [...sans, own.san, reply.san], left - 1);
  };
  grow(makeFen(Chess.default().toSetup()), [], depth);
  return lines.map((sans, i) => `[ChapterName "Line ${i + 1}"]\n\n${movetext(sans)} *`).join('\n\n');
}

const movetext = (sans: string[]) => sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ');
