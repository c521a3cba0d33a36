/**
 * An edited repertoire as PGN: the study's chapters with the removed moves (and all after them) cut
 * out, then one chapter `Chess Prep additions (White)` / `(Black)` holding, as one tree, every move of
 * the edited repertoire those chapters no longer play. Reading the text back with the same colour and
 * exclusions gives the same positions and moves. A chapter the removals leave untouched keeps its
 * text as it was; an earlier additions chapter (written back to the study) is replaced.
 *
 *   [...editedPgnChapters(base, edited, studyText)].join('\n\n')
 */
import { INITIAL_FEN } from 'chessops/fen';
import { ChildNode, Node, type Game, type PgnNodeData } from 'chessops/pgn';
import { excludedNags } from './exclude-symbols.js';
import { positionKey } from './fen.js';
import { makePgnText, makePgnTextSteps } from './pgn-write.js';
import { parseGames, splitPgn, type PlayedGame, type PlayedMove } from './pgn.js';
import { additionsChapterName, type EditedRepertoire } from './repertoire-edits.js';
import type { Repertoire, RepertoireMove } from './repertoire.js';

const moveId = (key: string, uci: string) => `${key} ${uci}`;

/**
 * Positions visited (or moves written) between two pauses of the steps below: a pause costs little,
 * and the caller gives the loop a turn only when its time is up.
 */
const WORK_PER_STEP = 256;

/** Adds the moves of the base that the edits took out (their position may be gone too); pauses as it goes. */
function* findRemovedMoves(base: Repertoire, edited: Repertoire, removed: Set<string>): Generator<undefined> {
  if (base === edited) return;
  let visited = 0;
  for (const p of base.positions.values()) {
    if (++visited % WORK_PER_STEP === 0) yield undefined;
    const now = edited.positions.get(p.key);
    if (now === p) continue;
    for (const m of p.moves) if (!now?.moves.some((x) => x.uci === m.uci)) removed.add(moveId(p.key, m.uci));
  }
}

/**
 * Cuts the removed moves out of a played chapter, noting every move that stays as covered (not those
 * at or after an excluded move: reading the text leaves them out).
 */
const cutRemoved = (
  game: PlayedGame,
  removed: Set<string>,
  excluded: ReadonlySet<number>,
  covered: Set<string>,
): Game<PgnNodeData> => {
  const moves = new Node<PgnNodeData>();
  // A stack of its own, not recursion: a chapter of thousands of plies must not overflow the call stack.
  // Children are taken last first so each node's copies keep their order.
  const stack: { from: Node<PlayedMove>; fromKey: string; to: Node<PgnNodeData>; counts: boolean }[] = [
    { from: game.moves, fromKey: positionKey(game.startFen), to: moves, counts: true },
  ];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { from, fromKey, to, counts } = top;
    const made: (typeof stack)[number][] = [];
    for (const child of from.children) {
      const id = moveId(fromKey, child.data.uci);
      if (removed.has(id)) continue;
      const { san, comments, startingComments, nags } = child.data;
      const stillCounts = counts && !nags?.some((n) => excluded.has(n));
      if (stillCounts) covered.add(id);
      const node = new ChildNode<PgnNodeData>({ san, comments, startingComments, nags });
      to.children.push(node);
      made.push({ from: child, fromKey: positionKey(child.data.fen), to: node, counts: stillCounts });
    }
    for (let i = made.length - 1; i >= 0; i--) stack.push(made[i]);
  }
  return { headers: game.headers, comments: game.comments, moves };
};

interface Path {
  from: string | undefined;
  move: RepertoireMove | undefined;
}

/** For each position reachable from `root`, the move of a shortest way in (breadth first); pauses as it goes. */
function* shortestWays(rep: Repertoire, root: string, ways: Map<string, Path>): Generator<undefined> {
  if (ways.has(root) || !rep.positions.has(root)) return;
  ways.set(root, { from: undefined, move: undefined });
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    if (i % WORK_PER_STEP === WORK_PER_STEP - 1) yield undefined;
    for (const m of rep.positions.get(queue[i])!.moves) {
      if (ways.has(m.to)) continue;
      ways.set(m.to, { from: queue[i], move: m });
      queue.push(m.to);
    }
  }
}

/** The additions chapters, one tree per starting position (the standard start for every edit); undefined is a pause. */
function* additionsChapters(edited: Repertoire, covered: Set<string>): Generator<string | undefined> {
  const ways = new Map<string, Path>();
  for (const root of [positionKey(INITIAL_FEN), ...edited.roots]) yield* shortestWays(edited, root, ways);
  const trees = new Map<string, Node<PgnNodeData>>();
  const child = (node: Node<PgnNodeData>, san: string) => {
    let next = node.children.find((c) => c.data.san === san);
    if (!next) node.children.push((next = new ChildNode<PgnNodeData>({ san })));
    return next;
  };
  // Each position's node once found: walking every way in from its root again was quadratic in depth.
  const nodes = new Map<string, Node<PgnNodeData>>();
  /** The additions tree's node of a position, made along a shortest way in. */
  const nodeOf = (key: string): Node<PgnNodeData> => {
    const path: string[] = [];
    let node = nodes.get(key);
    for (let at = key; !node;) {
      const way = ways.get(at);
      if (!way?.move) {
        // The way in starts at its root: the tree of that root.
        node = trees.get(at);
        if (!node) trees.set(at, (node = new Node<PgnNodeData>()));
        nodes.set(at, node);
        break;
      }
      path.push(at);
      at = way.from!;
      node = nodes.get(at);
    }
    for (let i = path.length - 1; i >= 0; i--) {
      node = child(node, ways.get(path[i])!.move!.san);
      nodes.set(path[i], node);
    }
    return node;
  };
  let visited = 0;
  for (const p of edited.positions.values()) {
    if (++visited % WORK_PER_STEP === 0) yield undefined;
    const missing = p.moves.filter((m) => !covered.has(moveId(p.key, m.uci)));
    if (missing.length === 0) continue;
    const node = nodeOf(p.key);
    for (const m of missing) child(node, m.san);
  }
  // The player's own notes ride on their moves in the additions, so the text and the study carry them.
  for (const [id, note] of edited.notes) {
    if (!note.own) continue;
    const bar = id.lastIndexOf('|');
    const from = edited.positions.get(id.slice(0, bar));
    const move = from?.moves.find((m) => m.uci === id.slice(bar + 1));
    if (!from || !move || !ways.has(from.key)) continue;
    const leaf = child(nodeOf(from.key), move.san);
    leaf.data.comments = [...(leaf.data.comments ?? []), note.own];
  }
  const name = additionsChapterName(edited.color);
  for (const [root, moves] of trees) {
    const headers = new Map([
      ['Event', `${edited.name}: ${name}`],
      ['ChapterName', name],
      ['Result', '*'],
    ]);
    const fen = edited.positions.get(root)!.fen;
    if (fen !== INITIAL_FEN) {
      headers.set('FEN', fen);
      headers.set('SetUp', '1');
    }
    const steps = makePgnTextSteps({ headers, moves });
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) {
        yield step.value;
        break;
      }
      yield undefined;
    }
  }
}

/**
 * The edited repertoire's PGN chapter by chapter (each a complete game text), with pauses (undefined)
 * between and inside them, so a caller can give other work a turn at each. `studyText` is the text
 * `base` was built from.
 */
export function* editedPgnSteps(
  base: Repertoire,
  edited: EditedRepertoire,
  studyText: string,
  { studyChapters = true }: { studyChapters?: boolean } = {},
): Generator<string | undefined> {
  const rep = edited.rep;
  const removed = new Set<string>();
  yield* findRemovedMoves(base, rep, removed);
  const skipped = new Set(base.chapters.filter((c) => c.name === additionsChapterName(base.color)).map((c) => c.index));
  yield undefined;
  const affected = new Set<number>();
  let visited = 0;
  if (removed.size > 0)
    for (const p of base.positions.values()) {
      if (++visited % WORK_PER_STEP === 0) yield undefined;
      for (const m of p.moves) if (removed.has(moveId(p.key, m.uci))) for (const c of m.chapters) affected.add(c);
    }

  const excluded = excludedNags(base.excluded);
  const covered = new Set<string>();
  const raw = splitPgn(studyText);
  // Each chapter's own text when the split agrees with the reader; else every chapter is read again.
  const byChapter = raw.length === base.chapters.length;
  const kept = (c: number) => byChapter && !skipped.has(c) && !affected.has(c);
  for (const p of base.positions.values()) {
    if (++visited % WORK_PER_STEP === 0) yield undefined;
    for (const m of p.moves) if (m.chapters.some(kept)) covered.add(moveId(p.key, m.uci));
  }

  if (byChapter) {
    for (const [index, text] of raw.entries()) {
      if (skipped.has(index)) continue;
      if (!affected.has(index)) {
        if (studyChapters) yield text.trimEnd() + '\n';
        continue;
      }
      const games = parseGames(text, { lenient: true });
      if (!games.isOk) continue;
      for (const game of games.value) {
        const cut = cutRemoved(game, removed, excluded, covered);
        if (studyChapters) yield makePgnText(cut);
      }
    }
  } else {
    const games = parseGames(studyText, { lenient: true });
    for (const game of games.isOk ? games.value : []) {
      if (skipped.has(game.index)) continue;
      const cut = cutRemoved(game, removed, excluded, covered);
      if (studyChapters) yield makePgnText(cut);
    }
  }
  yield* additionsChapters(rep, covered);
}

/** The edited repertoire's PGN chapter by chapter, each a complete game text. */
export function* editedPgnChapters(
  base: Repertoire,
  edited: EditedRepertoire,
  studyText: string,
  options: { studyChapters?: boolean } = {},
): Generator<string> {
  for (const step of editedPgnSteps(base, edited, studyText, options)) if (step !== undefined) yield step;
}

/** The whole edited repertoire as one PGN text. */
export const editedRepertoirePgn = (base: Repertoire, edited: EditedRepertoire, studyText: string): string =>
  [...editedPgnChapters(base, edited, studyText)].join('\n');

/** Only the additions chapter(s): what writing back to the study adds; '' when nothing is to add. */
export const additionsPgn = (base: Repertoire, edited: EditedRepertoire, studyText: string): string =>
  [...editedPgnChapters(base, edited, studyText, { studyChapters: false })].join('\n');
