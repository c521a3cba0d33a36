/**
 * Line mode of the drill: walk a repertoire line from a position to the next position to ask.
 * Opponent replies are picked the way real opponents play (weighted by explorer game counts given as
 * data), or, with no counts for any candidate, uniformly; own moves at positions not asked are played
 * for the player. Only branches that still lead to an asked position are walked. The segment names the
 * last position where the opponent had several replies the player answers ("All my replies").
 *
 *   walkDrillLine(rep, undefined, { ask: new Set([keyAfterE4E5]), shares: new Map(), random })
 *   -> { startKey: <start>, moves: [e4 by player, e5 by opponent], askKey: keyAfterE4E5 }
 */
import { lineSanMoves } from './line-positions.js';
import { START_KEY } from './repertoire-line.js';
import type { Repertoire, RepertoireMove } from './repertoire.js';

export interface DrillLineOptions {
  /** Keys of the positions to ask (items due now, or New within the day's allowance). */
  ask: ReadonlySet<string>;
  /** Explorer games per move at opponent-to-move positions: key -> uci -> games. */
  shares: ReadonlyMap<string, ReadonlyMap<string, number>>;
  /** Numbers in [0, 1), one per weighted choice. */
  random: () => number;
  /** Stop after this many plies (a guard against repetitions). */
  maxPlies?: number;
}

export interface DrillLineMove {
  uci: string;
  san: string;
  by: 'player' | 'opponent';
}

export interface DrillLineSegment {
  /** Key of the position the moves start from. */
  startKey: string;
  moves: DrillLineMove[];
  /** The position to ask after the moves; undefined when the line ends with nothing left to ask. */
  askKey?: string;
  /** The last position walked where the opponent had two or more replies the player answers. */
  branch?: { key: string; replies: number };
}

/** The opponent's repertoire replies at a position after which the repertoire has a move of the player's. */
export const answeredReplies = (rep: Repertoire, key: string): RepertoireMove[] => {
  const position = rep.positions.get(key);
  if (!position || position.turn === rep.color) return [];
  return position.moves.filter((m) => (rep.positions.get(m.to)?.moves.length ?? 0) > 0);
};

/**
 * Where an item's line (movetext from the standard start) came through an opponent position with two or
 * more replies the player answers: the position before its last move. Followed through the repertoire's
 * moves by SAN, so no board is replayed; undefined when the line leaves the repertoire or ends otherwise.
 *
 *   branchBefore(whiteRep, '1. e4 c5') -> { key: key(after 1. e4), replies: 2 } (1... e5 and 1... c5 answered)
 */
export const branchBefore = (rep: Repertoire, line: string): { key: string; replies: number } | undefined => {
  const sans = lineSanMoves(line);
  let key: string | undefined = START_KEY;
  for (let i = 0; key !== undefined && i < sans.length - 1; i++) {
    key = rep.positions.get(key)?.moves.find((move) => move.san === sans[i])?.to;
  }
  if (key === undefined || sans.length === 0) return undefined;
  const replies = answeredReplies(rep, key);
  return replies.length >= 2 && replies.some((move) => move.san === sans.at(-1))
    ? { key, replies: replies.length }
    : undefined;
};

/**
 * Walks from `fromKey` (a chapter start leading to an asked position when undefined) to the next
 * position to ask. A position asked at `fromKey` itself is asked at once.
 */
export const walkDrillLine = (
  rep: Repertoire,
  fromKey: string | undefined,
  options: DrillLineOptions,
): DrillLineSegment => {
  const leads = leadsToAsk(rep, options.ask);
  const startKey = fromKey ?? rep.roots.find((r) => leads(r)) ?? rep.roots[0] ?? '';
  const segment: DrillLineSegment = { startKey, moves: [] };
  const maxPlies = options.maxPlies ?? 400;
  const seen = new Set<string>();
  let key = startKey;
  while (segment.moves.length < maxPlies && !seen.has(key)) {
    seen.add(key);
    const position = rep.positions.get(key);
    if (!position || position.moves.length === 0) break;
    const own = position.turn === rep.color;
    if (own && options.ask.has(key)) {
      segment.askKey = key;
      break;
    }
    const candidates = position.moves.filter((m) => leads(m.to));
    if (candidates.length === 0) break;
    const replies = own ? 0 : answeredReplies(rep, key).length;
    if (replies >= 2) segment.branch = { key, replies };
    const move = own ? candidates[0] : pickReply(candidates, options.shares.get(key), options.random);
    segment.moves.push({ uci: move.uci, san: move.san, by: own ? 'player' : 'opponent' });
    key = move.to;
  }
  return segment;
};

/**
 * Weighted by games; uniform when no candidate has any (no explorer answer stored). `random` gives a
 * number in [0, 1).
 */
export const pickReply = (
  candidates: readonly RepertoireMove[],
  games: ReadonlyMap<string, number> | undefined,
  random: () => number,
): RepertoireMove => {
  const weights = candidates.map((m) => Math.max(0, games?.get(m.uci) ?? 0));
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return candidates[Math.min(candidates.length - 1, Math.floor(random() * candidates.length))];
  let r = random() * total;
  for (let i = 0; i < candidates.length; i++) {
    r -= weights[i];
    if (r < 0 && weights[i] > 0) return candidates[i];
  }
  // Rounding can leave r at 0 after the loop: the last move with games takes it.
  let last = 0;
  weights.forEach((w, i) => {
    if (w > 0) last = i;
  });
  return candidates[last];
};

/**
 * Memoised: does some line from the position reach an asked own-move position? Depth first with a
 * stack of its own, not recursion: a line of thousands of plies must not overflow the call stack.
 */
const leadsToAsk = (rep: Repertoire, ask: ReadonlySet<string>): ((key: string) => boolean) => {
  const memo = new Map<string, boolean>();
  const visit = (start: string): boolean => {
    const known = memo.get(start);
    if (known !== undefined) return known;
    // Each frame: a position on the current path and the index of its next move to look down.
    const stack: { key: string; next: number }[] = [];
    const enter = (key: string): boolean | undefined => {
      const seen = memo.get(key);
      if (seen !== undefined) return seen;
      const position = rep.positions.get(key);
      if (!position) return (memo.set(key, false), false);
      if (position.turn === rep.color && ask.has(key) && position.moves.length > 0) return (memo.set(key, true), true);
      // A repetition in progress counts as not leading anywhere new.
      memo.set(key, false);
      stack.push({ key, next: 0 });
      return undefined;
    };
    let answer = enter(start);
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      const moves = rep.positions.get(frame.key)!.moves;
      if (answer === true || frame.next >= moves.length) {
        // answer carries a child's result up: true ends this position's search too.
        const result = answer === true;
        memo.set(frame.key, result);
        stack.pop();
        answer = result;
        continue;
      }
      answer = enter(moves[frame.next++].to);
    }
    return memo.get(start)!;
  };
  return visit;
};
