// The reference for the opponent-preparation tests: every game replayed through the repertoire with
// chessops alone, independent of the app's own chess core.
import { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { parsePgn, startingPosition, type ChildNode, type PgnNodeData } from 'chessops/pgn';
import { makeSan, parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
// ---- The reference: every game replayed through the repertoire with chessops alone. ----

export type Color = 'white' | 'black';
export const key = (pos: Chess) => makeFen(pos.toSetup()).split(' ').slice(0, 4).join(' ');

/** Position key -> SAN -> UCI of the repertoire's moves there, every chapter merged. */
export function referenceRepertoire(text: string): Map<string, Map<string, string>> {
  const positions = new Map<string, Map<string, string>>();
  for (const game of parsePgn(text)) {
    const walk = (pos: Chess, node: { children: ChildNode<PgnNodeData>[] }) => {
      const here = positions.get(key(pos)) ?? new Map<string, string>();
      positions.set(key(pos), here);
      for (const child of node.children) {
        const move = parseSan(pos, child.data.san);
        if (!move) continue;
        const next = pos.clone();
        next.play(move);
        // SAN as chessops writes it: a study may write Nbd2 where Nd2 is enough, or leave out a +.
        here.set(makeSan(pos, move), makeUci(move));
        walk(next, child);
      }
    };
    walk(startingPosition(game.headers).unwrap() as Chess, game.moves);
  }
  return positions;
}

interface RefGroup {
  count: number;
  known: number;
  total: number;
}

const movetext = (sans: string[]) => sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ');

/** The opponent's games with the other colour, replayed through the repertoire. */
export function reference(gamesText: string[], opponent: string, color: Color, repText: string) {
  const rep = referenceRepertoire(repText);
  const surprises = new Map<string, RefGroup & { line: string; san: string; expected: string[] }>();
  const lines = new Map<string, RefGroup & { plies: number }>();
  let games = 0;
  let compared = 0;
  const add = (group: RefGroup, result: number | null) => {
    group.count++;
    if (result !== null) {
      group.known++;
      group.total += result;
    }
  };
  for (const text of gamesText) {
    for (const game of parsePgn(text)) {
      const white = (game.headers.get('White') ?? '').toLowerCase();
      const black = (game.headers.get('Black') ?? '').toLowerCase();
      const theirColor: Color | undefined =
        white === opponent.toLowerCase() ? 'white' : black === opponent.toLowerCase() ? 'black' : undefined;
      if (!theirColor || theirColor === color) continue;
      const moves = [...game.moves.mainline()];
      games++;
      if (moves.length === 0) continue;
      if (game.headers.has('FEN') || (game.headers.get('Variant') ?? 'Standard') !== 'Standard') continue;
      compared++;
      const tag = game.headers.get('Result');
      const whiteScore = tag === '1-0' ? 1 : tag === '0-1' ? 0 : tag === '1/2-1/2' ? 0.5 : null;
      const result = whiteScore === null ? null : color === 'white' ? whiteScore : 1 - whiteScore;
      const pos = Chess.default();
      const sans: string[] = [];
      let surprise: { san: string } | undefined;
      for (const node of moves) {
        const answers = rep.get(key(pos));
        if (!answers || answers.size === 0) break;
        const move = parseSan(pos, node.san)!;
        const san = makeSan(pos, move);
        if (![...answers.values()].includes(makeUci(move))) {
          if (pos.turn !== color) surprise = { san };
          break;
        }
        pos.play(move);
        sans.push(san);
      }
      const line = movetext(sans);
      if (sans.length > 0) {
        const group = lines.get(line) ?? { plies: sans.length, count: 0, known: 0, total: 0 };
        lines.set(line, group);
        add(group, result);
      }
      if (surprise) {
        const id = `${line}|${surprise.san}`;
        const group = surprises.get(id) ?? {
          line,
          san: surprise.san,
          expected: [...rep.get(key(pos))!.keys()],
          count: 0,
          known: 0,
          total: 0,
        };
        surprises.set(id, group);
        add(group, result);
      }
    }
  }
  const score = (g: RefGroup) => (g.known ? g.total / g.known : null);
  return {
    games,
    compared,
    surprises: [...surprises.values()].map((g) => [g.line, g.san, [...g.expected].sort(), g.count, score(g)]),
    lines: [...lines.entries()].map(([line, g]) => [line, g.plies, g.count, score(g)]),
  };
}
