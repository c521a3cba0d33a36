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
import { AdditionsTree } from './additions-tree.js';
import { excludedNags } from './exclude-symbols.js';
import { positionKey } from './fen.js';
import { makePgnText, writePgnTextSteps } from './pgn-write.js';
import { parseGames, splitPgn, type PlayedGame, type PlayedMove } from './pgn.js';
import { additionsChapterName, type EditedRepertoire } from './repertoire-edits.js';
import { ShortestWays } from './shortest-ways.js';
import type { Repertoire } from './repertoire.js';

/**
 * A set of moves, each named by the key of the position it is played in and its UCI. Asking makes no
 * string (the key's hash is kept with it): the additions ask once for every move of the repertoire.
 */
class MoveIds {
  private readonly byKey = new Map<string, string | string[]>();

  add(key: string, uci: string): void {
    const known = this.byKey.get(key);
    if (known === undefined) this.byKey.set(key, uci);
    else if (typeof known === 'string') {
      if (known !== uci) this.byKey.set(key, [known, uci]);
    } else if (!known.includes(uci)) known.push(uci);
  }

  has(key: string, uci: string): boolean {
    const known = this.byKey.get(key);
    return known !== undefined && (typeof known === 'string' ? known === uci : known.includes(uci));
  }

  get size(): number {
    return this.byKey.size;
  }
}

/**
 * Positions visited (or moves written) between two pauses of the steps below: a pause costs little,
 * and the caller gives the loop a turn only when its time is up.
 */
const WORK_PER_STEP = 64;

/** Adds the moves of the base that the edits took out (their position may be gone too); pauses as it goes. */
function* findRemovedMoves(base: Repertoire, edited: Repertoire, removed: MoveIds): Generator<undefined> {
  if (base === edited) return;
  let visited = 0;
  for (const p of base.positions.values()) {
    if (++visited % WORK_PER_STEP === 0) yield undefined;
    const now = edited.positions.get(p.key);
    if (now === p) continue;
    for (const m of p.moves) if (!now?.moves.some((x) => x.uci === m.uci)) removed.add(p.key, m.uci);
  }
}

/**
 * Cuts the removed moves out of a played chapter, noting every move that stays as covered (not those
 * at or after an excluded move: reading the text leaves them out).
 */
const cutRemoved = (
  game: PlayedGame,
  removed: MoveIds,
  excluded: ReadonlySet<number>,
  covered: MoveIds,
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
      const uci = child.data.uci;
      if (removed.has(fromKey, uci)) continue;
      const { san, comments, startingComments, nags } = child.data;
      const stillCounts = counts && !nags?.some((n) => excluded.has(n));
      if (stillCounts) covered.add(fromKey, uci);
      const node = new ChildNode<PgnNodeData>({ san, comments, startingComments, nags });
      to.children.push(node);
      made.push({ from: child, fromKey: positionKey(child.data.fen), to: node, counts: stillCounts });
    }
    for (let i = made.length - 1; i >= 0; i--) stack.push(made[i]);
  }
  return { headers: game.headers, comments: game.comments, moves };
};

/** The additions chapters, one tree per starting position (the standard start for every edit); undefined is a pause. */
function* additionsChapters(edited: Repertoire, covered: MoveIds): Generator<string | undefined> {
  const ways = new ShortestWays();
  for (const root of [positionKey(INITIAL_FEN), ...edited.roots]) yield* ways.reach(edited, root, WORK_PER_STEP);
  const tree = new AdditionsTree();
  const trees = new Map<string, number>();
  // Each position's node once found, by its index in `ways`: walking every way in from its root
  // again was quadratic in depth.
  const nodes = new Int32Array(ways.keys.length).fill(-1);
  const path: number[] = [];
  /** The additions tree's node of a position (reached by `ways`), made along its shortest way in. */
  const nodeOf = (key: string): number => {
    let at = ways.index.get(key)!;
    let node = nodes[at];
    while (node < 0) {
      const from = ways.from[at];
      if (from < 0) {
        // The way in starts at its root: the tree of that root.
        const root = ways.keys[at];
        node = trees.get(root) ?? tree.root();
        trees.set(root, node);
        nodes[at] = node;
        break;
      }
      path.push(at);
      at = from;
      node = nodes[at];
    }
    for (let i = path.length - 1; i >= 0; i--) {
      node = tree.moveTo(node, ways.moves[path[i]]!.san);
      nodes[path[i]] = node;
    }
    path.length = 0;
    return node;
  };
  let visited = 0;
  for (const p of edited.positions.values()) {
    if (++visited % WORK_PER_STEP === 0) yield undefined;
    let node = -1;
    for (const m of p.moves) {
      if (covered.has(p.key, m.uci)) continue;
      if (node < 0) node = nodeOf(p.key);
      tree.moveTo(node, m.san);
    }
  }
  // The player's own notes ride on their moves in the additions, so the text and the study carry them.
  for (const [id, note] of edited.notes) {
    if (!note.own) continue;
    const bar = id.lastIndexOf('|');
    const from = edited.positions.get(id.slice(0, bar));
    const move = from?.moves.find((m) => m.uci === id.slice(bar + 1));
    if (!from || !move || !ways.index.has(from.key)) continue;
    tree.comment(tree.moveTo(nodeOf(from.key), move.san), note.own);
  }
  const name = additionsChapterName(edited.color);
  for (const [root, moves] of trees) {
    // One line each: a tag holding a newline would end the tags early.
    const headers = new Map([
      ['Event', `${edited.name.replace(/\r?\n/g, ' ')}: ${name}`],
      ['ChapterName', name],
      ['Result', '*'],
    ]);
    const fen = edited.positions.get(root)!.fen;
    if (fen !== INITIAL_FEN) {
      headers.set('FEN', fen);
      headers.set('SetUp', '1');
    }
    const steps = writePgnTextSteps(headers, undefined, moves, tree);
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
  const removed = new MoveIds();
  yield* findRemovedMoves(base, rep, removed);
  const skipped = new Set(base.chapters.filter((c) => c.name === additionsChapterName(base.color)).map((c) => c.index));
  yield undefined;
  const affected = new Set<number>();
  let visited = 0;
  if (removed.size > 0)
    for (const p of base.positions.values()) {
      if (++visited % WORK_PER_STEP === 0) yield undefined;
      for (const m of p.moves) if (removed.has(p.key, m.uci)) for (const c of m.chapters) affected.add(c);
    }

  const excluded = excludedNags(base.excluded);
  const covered = new MoveIds();
  const raw = splitPgn(studyText);
  // Each chapter's own text when the split agrees with the reader; else every chapter is read again.
  const byChapter = raw.length === base.chapters.length;
  const kept = (c: number) => byChapter && !skipped.has(c) && !affected.has(c);
  for (const p of base.positions.values()) {
    if (++visited % WORK_PER_STEP === 0) yield undefined;
    for (const m of p.moves) if (m.chapters.some(kept)) covered.add(p.key, m.uci);
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
