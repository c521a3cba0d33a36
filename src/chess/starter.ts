/**
 * A starter repertoire from the explorer: from the end of the line the player commits to, every
 * opponent reply that games reach at least `goal` of the time is followed, and at each of the
 * player's turns the move with the highest `score_low` among moves of at least 50 games is taken
 * (ties: more games, then SAN); a line ends where no move has 50 games. Reach is counted from the
 * standard start: the opponent's moves in the committed line count their share too.
 *
 *   const walk = new StarterWalk('white', parseRepertoireLine('1. e4').value, 1 / 100);
 *   for (let next = walk.nextPosition(); next; next = walk.nextPosition())
 *     walk.addStats(next.key, statsFor(next.fen));   // one lookup per position, never two
 *   starterPgn(walk.tree(), 'Starter: 1. e4')        // reads back to exactly walk.tree()
 *
 * Positions are expanded highest reach first, so a position reached by two lines (a transposition)
 * is expanded once, at its highest reach, and looked up once.
 */
import { Chess } from 'chessops/chess';
import { INITIAL_FEN, makeFen, parseFen } from 'chessops/fen';
import { ChildNode, makePgn, parsePgn, type Game, type Node, type PgnNodeData } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { BinaryHeap } from './binary-heap.js';
import { movesOf, statsTotal, type PositionStats } from './coverage.js';
import { positionKey } from './fen.js';
import type { Color } from './repertoire.js';
import type { RepertoireLine } from './repertoire-line.js';
import { wrapText } from './pgn-write.js';
import { countGames, scoreLow } from './wilson.js';

/** A move of the player's needs this many games to be picked; fewer at every move ends the line. */
export const STARTER_MIN_GAMES = 50;
/** No line goes past this many plies from the start, whatever the explorer answers. */
export const STARTER_MAX_PLIES = 60;

export interface StarterMove {
  san: string;
  uci: string;
  /** Key of the position after the move. */
  to: string;
  /** Explorer games after the move where it was looked up; 0 for the committed line's own moves. */
  games: number;
}

export interface StarterNode {
  key: string;
  fen: string;
  turn: Color;
  /** 0..1: the likeliest line's share of games from the standard start that reach the position. */
  reach: number;
  /** Plies from the start on the shortest line. */
  plies: number;
  moves: StarterMove[];
}

export interface StarterTree {
  color: Color;
  /** The committed line's movetext. */
  line: string;
  goal: number;
  /** The start first, then in the order the positions were reached. */
  nodes: Map<string, StarterNode>;
  /** The key where the committed line ends (where the walk began). */
  lineEnd: string;
}

export interface StarterSize {
  /** Positions in the tree, the start included. */
  positions: number;
  /** Positions where the player has a move to play (what the drill asks). */
  ownMoves: number;
  /** Root-to-leaf lines of the written PGN. */
  lines: number;
}

interface Pending {
  key: string;
  reach: number;
  order: number;
}

export class StarterWalk {
  private readonly nodes = new Map<string, StarterNode>();
  private readonly stats = new Map<string, PositionStats>();
  private readonly expanded = new Set<string>();
  /** Positions pushed and not yet expanded. */
  private readonly waiting = new Set<string>();
  private readonly pending = new BinaryHeap<Pending>(
    (a, b) => a.reach > b.reach || (a.reach === b.reach && a.order < b.order),
  );
  private order = 0;
  /** The committed line's moves with the opponent to move, still waiting for their share. */
  private readonly prefix: { key: string; san: string; uci: string }[];
  private prefixAt = 0;
  private prefixReach = 1;
  private readonly lineEnd: string;
  private lookups = 0;

  constructor(
    readonly color: Color,
    private readonly line: RepertoireLine,
    readonly goal: number,
  ) {
    const start = this.addNode(positionKey(INITIAL_FEN), INITIAL_FEN, 1, 0);
    let from = start;
    for (const m of line.moves) {
      const node = this.nodes.get(m.toKey) ?? this.addNode(m.toKey, m.toFen, 1, from.plies + 1);
      from.moves.push({ san: m.san, uci: m.uci, to: m.toKey, games: 0 });
      from = node;
    }
    this.lineEnd = from.key;
    this.prefix = line.moves
      .filter((m) => this.nodes.get(m.fromKey)!.turn !== color)
      .map((m) => ({ key: m.fromKey, san: m.san, uci: m.uci }));
    this.startWalkIfReady();
  }

  /** Positions looked up so far. */
  get done(): number {
    return this.lookups;
  }

  /** Positions known to need a lookup still (more are found as the walk goes). */
  get queued(): number {
    return this.prefix.length - this.prefixAt + this.waiting.size;
  }

  /** 0..1: the reach of the committed line's end (known once its opponent moves are looked up). */
  get lineReach(): number {
    return this.prefixReach;
  }

  /** The position to look up next, or undefined when the walk is over. */
  nextPosition(): { key: string; fen: string } | undefined {
    if (this.prefixAt < this.prefix.length) {
      const key = this.prefix[this.prefixAt].key;
      return { key, fen: this.nodes.get(key)!.fen };
    }
    for (let top = this.pending.peek(); top; top = this.pending.peek()) {
      const node = this.nodes.get(top.key)!;
      if (this.expanded.has(top.key) || top.reach !== node.reach) {
        this.pending.pop();
        continue;
      }
      // A position met again (a transposition into the committed line) is answered from what was looked up.
      const known = this.stats.get(top.key);
      if (!known) return { key: node.key, fen: node.fen };
      this.pending.pop();
      this.expand(node, known);
    }
    return undefined;
  }

  /** The explorer's answer for the position nextPosition named (other keys are ignored). */
  addStats(key: string, stats: PositionStats): void {
    if (this.stats.has(key)) return;
    const next = this.nextPosition();
    if (!next || next.key !== key) return;
    this.stats.set(key, stats);
    this.lookups++;
    if (this.prefixAt < this.prefix.length) {
      const { san, uci } = this.prefix[this.prefixAt++];
      const total = statsTotal(stats);
      const move = movesOf(stats).find((m) => m.san === san || m.uci === uci);
      this.prefixReach *= total > 0 && move ? countGames(move) / total : 0;
      this.startWalkIfReady();
      return;
    }
    this.pending.pop();
    this.expand(this.nodes.get(key)!, stats);
  }

  /** The tree found so far (all of it once nextPosition answers undefined). */
  tree(): StarterTree {
    return { color: this.color, line: this.line.movetext, goal: this.goal, nodes: this.nodes, lineEnd: this.lineEnd };
  }

  private startWalkIfReady(): void {
    if (this.prefixAt < this.prefix.length) return;
    const end = this.nodes.get(this.lineEnd)!;
    end.reach = this.prefixReach;
    this.push(end);
  }

  private push(node: StarterNode): void {
    this.pending.push({ key: node.key, reach: node.reach, order: this.order++ });
    this.waiting.add(node.key);
  }

  private expand(node: StarterNode, stats: PositionStats): void {
    this.expanded.add(node.key);
    this.waiting.delete(node.key);
    if (node.plies >= STARTER_MAX_PLIES) return;
    const total = statsTotal(stats);
    if (node.turn === this.color) {
      const best = movesOf(stats)
        .map((m) => ({ m, san: m.san, games: countGames(m), low: scoreLow(m, this.color) }))
        .filter((c) => c.games >= STARTER_MIN_GAMES)
        .sort((a, b) => b.low - a.low || b.games - a.games || (a.san < b.san ? -1 : a.san > b.san ? 1 : 0))[0];
      if (best) this.follow(node, best.m.san, best.games, node.reach);
      return;
    }
    if (total === 0) return;
    for (const m of movesOf(stats)) {
      const games = countGames(m);
      const reach = (node.reach * games) / total;
      if (reach >= this.goal) this.follow(node, m.san, games, reach);
    }
  }

  private follow(from: StarterNode, san: string, games: number, reach: number): void {
    const pos = positionOf(from.fen);
    const move = parseSan(pos, san);
    if (!move) return; // an explorer move that is not legal here is not followed
    const uci = makeUci(move);
    pos.play(move);
    const fen = makeFen(pos.toSetup());
    const key = positionKey(fen);
    from.moves.push({ san, uci, to: key, games });
    const known = this.nodes.get(key);
    if (!known) {
      this.push(this.addNode(key, fen, reach, from.plies + 1));
    } else if (!this.expanded.has(key) && reach > known.reach) {
      known.reach = reach;
      this.push(known);
    }
  }

  private addNode(key: string, fen: string, reach: number, plies: number): StarterNode {
    const setup = parseFen(fen).unwrap();
    const node: StarterNode = { key, fen, turn: setup.turn, reach, plies, moves: [] };
    this.nodes.set(key, node);
    return node;
  }
}

const positionOf = (fen: string): Chess => Chess.fromSetup(parseFen(fen).unwrap()).unwrap();

/**
 * The tree as one PGN game: the main line is the committed line then, at each position, the first
 * move found (the likeliest reply first at the opponent's turns). A position already written through
 * another line (a transposition) is not written again: its line ends with the move that reaches it.
 */
export function starterPgn(tree: StarterTree, event: string): string {
  const game: Game<PgnNodeData> = {
    headers: new Map([
      ['Event', event],
      ['Site', '?'],
      ['Result', '*'],
      ['Opening', tree.line],
      ['Orientation', tree.color],
    ]),
    moves: new ChildNode<PgnNodeData>({ san: '' }),
    comments: [],
  };
  const written = new Set<string>();
  const stack: { node: StarterNode; into: { children: ChildNode<PgnNodeData>[] } }[] = [];
  const start = tree.nodes.get(positionKey(INITIAL_FEN))!;
  stack.push({ node: start, into: game.moves });
  written.add(start.key);
  while (stack.length > 0) {
    const { node, into } = stack.pop()!;
    const next: typeof stack = [];
    for (const move of ordered(node, tree)) {
      const child = new ChildNode<PgnNodeData>({ san: move.san });
      into.children.push(child);
      if (written.has(move.to)) continue;
      written.add(move.to);
      next.push({ node: tree.nodes.get(move.to)!, into: child });
    }
    // The same order as starterLines, so both cut the same transpositions.
    stack.push(...next.reverse());
  }
  const text = makePgn(game);
  const blank = text.indexOf('\n\n');
  return `${text.slice(0, blank + 2)}${wrapText(
    text
      .slice(blank + 2)
      .replace(/\s+/g, ' ')
      .trim(),
  )}\n`;
}

/** The opponent's replies likeliest first; the player's single move as it is. */
const ordered = (node: StarterNode, tree: StarterTree): StarterMove[] =>
  node.turn === tree.color ? node.moves : [...node.moves].sort((a, b) => b.games - a.games);

/** Positions, the player's moves to learn and the lines of the written PGN. */
export function starterSize(tree: StarterTree): StarterSize {
  let ownMoves = 0;
  for (const node of tree.nodes.values()) if (node.turn === tree.color && node.moves.length > 0) ownMoves++;
  return { positions: tree.nodes.size, ownMoves, lines: starterLines(tree).length };
}

/**
 * The written tree's root-to-leaf lines as SAN lists, in the PGN's order: a move into a position
 * written through another line ends its line too.
 */
export function starterLines(tree: StarterTree): string[][] {
  const lines: string[][] = [];
  const start = tree.nodes.get(positionKey(INITIAL_FEN))!;
  const written = new Set<string>([start.key]);
  const stack: { node: StarterNode; sans: string[] }[] = [{ node: start, sans: [] }];
  while (stack.length > 0) {
    const { node, sans } = stack.pop()!;
    if (node.moves.length === 0) lines.push(sans);
    const next: { node: StarterNode; sans: string[] }[] = [];
    for (const move of ordered(node, tree)) {
      const through = [...sans, move.san];
      if (written.has(move.to)) lines.push(through);
      else {
        written.add(move.to);
        next.push({ node: tree.nodes.get(move.to)!, sans: through });
      }
    }
    stack.push(...next.reverse());
  }
  return lines;
}

/**
 * The usual range of lookups a build makes at a goal: an opponent's turn is followed where at least
 * `goal` of games reach it, so each depth holds at most 1/goal of them, and in practice most lines end
 * within a few moves of falling under the goal; each such turn costs a lookup and so does the
 * player's answer to it.
 */
export function estimateStarterLookups(goal: number): { low: number; high: number } {
  const turns = 1 / goal;
  return { low: Math.round(turns), high: Math.round(4 * turns) };
}

/** Every root-to-leaf line of a PGN's games as SAN lists, in the text's order. */
export function pgnLines(text: string): string[][] {
  const lines: string[][] = [];
  for (const game of parsePgn(text)) {
    const stack: { node: Node<PgnNodeData>; sans: string[] }[] = [{ node: game.moves, sans: [] }];
    while (stack.length > 0) {
      const { node, sans } = stack.pop()!;
      if (node.children.length === 0) lines.push(sans);
      for (let i = node.children.length - 1; i >= 0; i--) {
        const child = node.children[i];
        stack.push({ node: child, sans: [...sans, child.data.san] });
      }
    }
  }
  return lines;
}
