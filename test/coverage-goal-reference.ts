// A coverage goal test's study, its explorer answers (deterministic, varied scores) and the expected
// score, trim and traps computed again by a plain walk down the study's tree (it has no
// transpositions), with the Wilson bound written out: the server's figures must agree with it.
import { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import { positionKey } from '../src/chess/index.js';
import type { StatsMove, StatsRecord } from '../src/server/openings/position-stats-repository.js';

// A filter no other test file clears: test files share one PostgreSQL database.
export const SPEEDS = 'rapid,classical';
export const RATINGS = '1600';
export const STUDY = [
  '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O *',
  '1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O *',
  '1. e4 e5 2. Nf3 d6 3. d4 exd4 4. Nxd4 *',
  '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 *',
  '1. e4 c5 2. Nf3 Nc6 3. d4 cxd4 4. Nxd4 *',
  '1. e4 c5 2. Nf3 e6 3. d4 *',
  '1. e4 e6 2. d4 d5 3. Nc3 *',
  '1. e4 c6 2. d4 d5 3. Nc3 dxe4 4. Nxe4 *',
  '1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 *',
  '1. e4 b6 2. d4 Bb7 3. Bd3 *',
  '1. e4 g6 2. d4 Bg7 3. Nc3 *',
]
  .map((line, i) => `[Event "Prep: ${i + 1}"]\n[ChapterName "Line ${i + 1}"]\n\n${line}`)
  .join('\n\n');

/** The study as a tree of SAN moves (no transpositions). */
export interface Node {
  pos: Chess;
  children: Map<string, Node>;
}

export function studyTree(): Node {
  const root: Node = { pos: Chess.default(), children: new Map() };
  for (const chapter of STUDY.split('\n\n').filter((t) => !t.startsWith('['))) {
    let node = root;
    for (const token of chapter.split(/\s+/)) {
      if (/^\d+\.$/.test(token) || token === '*') continue;
      let next = node.children.get(token);
      if (!next) {
        const pos = node.pos.clone();
        pos.play(parseSan(pos, token)!);
        next = { pos, children: new Map() };
        node.children.set(token, next);
      }
      node = next;
    }
  }
  return root;
}

export const keyOf = (pos: Chess) => positionKey(makeFen(pos.toSetup()));

/** A small deterministic generator (mulberry32). */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const counts = (games: number, whiteShare: number, drawShare = 0.1) => {
  const draws = Math.round(games * drawShare);
  const white = Math.round((games - draws) * whiteShare);
  return { white, draws, black: games - draws - white };
};

/**
 * Explorer answers at every position with Black to move that has a study move: the study's replies and
 * two other legal moves, with varied games and scores; after 1. e4 they are set by hand so the goal of
 * 1 in 100 has replies below it (one of them dangerous) and a trap (1... Nc6, not answered).
 */
export function explorerAnswers(root: Node): StatsRecord[] {
  const random = generator(41);
  const records: StatsRecord[] = [];
  const visit = (node: Node) => {
    if (node.pos.turn === 'black' && node.children.size > 0) {
      const legal: NormalMove[] = [];
      for (const [from, dests] of node.pos.allDests()) for (const to of dests) legal.push({ from, to });
      legal.sort((a, b) => (makeUci(a) < makeUci(b) ? -1 : 1));
      const sans = new Set(node.children.keys());
      const others = legal.map((m) => makeSan(node.pos, m)).filter((san) => !sans.has(san));
      for (let i = 0; i < 2; i++) sans.add(others[Math.floor(random() * others.length)]);
      const moves: StatsMove[] = [...sans].map((san) => {
        const move = parseSan(node.pos, san)!;
        const games = 5 + Math.floor(random() * random() * 3000);
        return { san, uci: makeUci(move), ...counts(games, 0.25 + random() * 0.55) };
      });
      records.push(record(keyOf(node.pos), moves));
    }
    for (const child of node.children.values()) visit(child);
  };
  visit(root);
  const afterE4 = root.children.get('e4')!;
  const byHand: [string, number, number][] = [
    ['e5', 40_000, 0.52],
    ['c5', 35_000, 0.5],
    ['e6', 12_000, 0.54],
    ['c6', 8_000, 0.55],
    // Rare, and Black scores 65%: dangerous.
    ['d5', 600, 0.35],
    ['b6', 300, 0.6],
    ['g6', 200, 0.58],
    // 6% of games, White scores 70%: a trap.
    ['Nc6', 6_000, 0.7],
  ];
  const first = record(
    keyOf(afterE4.pos),
    byHand.map(([san, games, white]) => ({
      san,
      uci: makeUci(parseSan(afterE4.pos, san)!),
      ...counts(games, white),
    })),
  );
  return [first, ...records.filter((r) => r.fen !== first.fen)];
}

export function record(fen: string, moves: StatsMove[]): StatsRecord {
  const sum = (f: (m: StatsMove) => number) => moves.reduce((n, m) => n + f(m), 0);
  return {
    fen,
    speeds: SPEEDS,
    ratings: RATINGS,
    white: sum((m) => m.white),
    draws: sum((m) => m.draws),
    black: sum((m) => m.black),
    moves,
  };
}

// The independent computation.
export const total = (c: { white: number; draws: number; black: number }) => c.white + c.draws + c.black;
export const whiteScore = (c: StatsMove) => (c.white + c.draws / 2) / total(c);
export const wilson = (p: number, n: number) =>
  (p + 1.96 ** 2 / (2 * n) - 1.96 * Math.sqrt((p * (1 - p)) / n + 1.96 ** 2 / (4 * n * n))) / (1 + 1.96 ** 2 / n);

export interface Reference {
  expected: { score: number; baseline: number; covered_reach: number };
  trim: { line: string; reach: number; own_moves: number; dangerous: boolean }[];
  traps: { line: string; games: number; score: number; score_low: number; punished: boolean }[];
}

export function reference(root: Node, stats: Map<string, StatsRecord>, goal: number): Reference {
  let points = 0;
  let covered = 0;
  const trim: Reference['trim'] = [];
  const traps: Reference['traps'] = [];
  const ownMoves = (node: Node): number =>
    (node.pos.turn === 'white' ? node.children.size : 0) +
    [...node.children.values()].reduce((n, child) => n + ownMoves(child), 0);
  const movetext = (sans: string[]) => sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ');
  // `node`: Black to move, looked up, reached with `reach`; `sans`: the moves to it; `kept`: no reply
  // on the way is below the goal (past one, the trim lists nothing more).
  const walk = (node: Node, reach: number, sans: string[], kept: boolean) => {
    const s = stats.get(keyOf(node.pos))!;
    for (const m of s.moves) {
      const share = total(m) / total(s);
      const reply = node.children.get(m.san);
      const own = reply ? [...reply.children.entries()] : [];
      const onward = own.filter(([, next]) => stats.has(keyOf(next.pos)));
      if (onward.length === 0) {
        points += reach * share * whiteScore(m);
        covered += reach * share;
      }
      const low = wilson(whiteScore(m), total(m));
      if (share >= 0.05 && total(m) >= 100 && low >= 0.6)
        traps.push({
          line: movetext([...sans, m.san]),
          games: total(m),
          score: whiteScore(m),
          score_low: low,
          punished: own.length > 0,
        });
    }
    for (const [san, reply] of node.children) {
      const m = s.moves.find((x) => x.san === san);
      const replyReach = m ? (reach * total(m)) / total(s) : 0;
      const below = replyReach < goal;
      if (kept && below) {
        const blackScore = m ? 1 - whiteScore(m) : 0;
        trim.push({
          line: movetext([...sans, san]),
          reach: replyReach,
          own_moves: ownMoves(reply),
          dangerous: m !== undefined && total(m) >= 100 && blackScore >= 0.55,
        });
      }
      for (const [ownSan, next] of reply.children)
        if (stats.has(keyOf(next.pos))) walk(next, replyReach, [...sans, san, ownSan], kept && !below);
    }
  };
  const afterE4 = root.children.get('e4')!;
  walk(afterE4, 1, ['e4'], true);
  const s = stats.get(keyOf(afterE4.pos))!;
  const baseline = s.moves.reduce((n, m) => n + (total(m) / total(s)) * whiteScore(m), 0);
  const baseReach = s.moves.reduce((n, m) => n + total(m) / total(s), 0);
  return { expected: { score: points / covered, baseline: baseline / baseReach, covered_reach: covered }, trim, traps };
}
