// Reading the engine's UCI output. Scores come from the side to move; everything handed on is from
// White's side, as Lichess's cloud evaluation gives it.
//
//   parseInfo('info depth 12 multipv 1 score cp -35 nodes 9 pv e7e5 g1f3', 'black')
//   -> { depth: 12, multipv: 1, evaluation: { cp: 35 }, pv: ['e7e5', 'g1f3'] }

export type WhiteEvaluation = { cp: number; mate?: undefined } | { mate: number; cp?: undefined };

export type InfoLine = {
  depth: number;
  /** 1 for the best line. */
  multipv: number;
  evaluation: WhiteEvaluation;
  /** The line's moves in UCI. */
  pv: string[];
};

/** An `info` line with a score; undefined for other lines, bound-only scores (lowerbound/upperbound) and currmove chatter. */
export function parseInfo(line: string, toMove: 'white' | 'black'): InfoLine | undefined {
  if (!line.startsWith('info ') || !line.includes(' score ')) return undefined;
  const words = line.split(' ');
  let depth = 0;
  let multipv = 1;
  let evaluation: WhiteEvaluation | undefined;
  let pv: string[] = [];
  const sign = toMove === 'white' ? 1 : -1;
  for (let i = 1; i < words.length; i++) {
    switch (words[i]) {
      case 'depth':
        depth = Number(words[++i]);
        break;
      case 'multipv':
        multipv = Number(words[++i]);
        break;
      case 'score': {
        const kind = words[++i];
        const value = Number(words[++i]);
        if (words[i + 1] === 'lowerbound' || words[i + 1] === 'upperbound') return undefined;
        // `0 * -1` is -0: keep a plain 0.
        if (kind === 'cp') evaluation = { cp: sign * value || 0 };
        else if (kind === 'mate') evaluation = { mate: sign * value || 0 };
        break;
      }
      case 'pv':
        pv = words.slice(i + 1).filter(Boolean);
        i = words.length;
        break;
    }
  }
  if (!evaluation || !Number.isFinite(depth)) return undefined;
  return { depth, multipv, evaluation, pv };
}

/** The move of a `bestmove` line; null when there is none (mate or stalemate), undefined for other lines. */
export function parseBestMove(line: string): string | null | undefined {
  if (!line.startsWith('bestmove')) return undefined;
  const move = line.split(' ')[1];
  return !move || move === '(none)' ? null : move;
}

/** Engine notation for a move: castling as the king's two-square move (chessops and the explorer write king-to-rook). */
export function engineUci(fen: string, uci: string): string {
  const castles: Record<string, string> = { e1h1: 'e1g1', e1a1: 'e1c1', e8h8: 'e8g8', e8a8: 'e8c8' };
  const to = castles[uci];
  if (!to) return uci;
  const board = fen.split(' ')[0].split('/');
  const rank = uci[1] === '1' ? board[7] : board[0];
  // The king must stand on e1 / e8 for this to be castling.
  let file = 0;
  for (const ch of rank) {
    if (/\d/.test(ch)) file += Number(ch);
    else {
      if (file === 4) return ch === (uci[1] === '1' ? 'K' : 'k') ? to : uci;
      file += 1;
    }
  }
  return uci;
}
