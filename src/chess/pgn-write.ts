/**
 * Writing PGN: chessops's writer with movetext wrapped at 80 characters, and short
 * movetext for a single line of moves.
 *
 *   makeLinePgn(INITIAL_FEN, ['e4', 'c5', 'Nf3']) === '1. e4 c5 2. Nf3'
 */
import { INITIAL_FEN, parseFen } from 'chessops/fen';
import {
  makeOutcome,
  makePgn,
  parseOutcome,
  type ChildNode,
  type Game,
  type Node,
  type PgnNodeData,
} from 'chessops/pgn';

export const PGN_LINE_WIDTH = 80;

/** '%', which starts an escape line. */
const PERCENT = 37;

/**
 * A wrapText done word by word: `add` each word in order, `end` for the lines. The line being filled is
 * kept as its words and joined once full, so a long text makes one string a line, not one a word.
 */
const lineWrapper = (width = PGN_LINE_WIDTH) => {
  const lines: string[] = [];
  const words: string[] = [];
  // The length of the words joined by single spaces.
  let length = 0;
  const start = (token: string) => {
    words.push(token);
    length = token.length;
  };
  return {
    add(token: string): void {
      if (token === '') return;
      if (words.length === 0) return start(token);
      if (length + 1 + token.length <= width) {
        words.push(token);
        length += 1 + token.length;
        return;
      }
      if (token.charCodeAt(0) !== PERCENT) {
        lines.push(words.join(' '));
        words.length = 0;
        return start(token);
      }
      // A line starting with '%' is an escape line in PGN that readers skip: carry a word over with it.
      let carry = words.length - 1;
      while (carry > 0 && words[carry].charCodeAt(0) === PERCENT) carry--;
      if (carry === 0) {
        words.push(token);
        length += 1 + token.length;
        return;
      }
      lines.push(words.slice(0, carry).join(' '));
      words.splice(0, carry);
      words.push(token);
      length = words.length - 1;
      for (const word of words) length += word.length;
    },
    end(): string[] {
      if (words.length > 0) lines.push(words.join(' '));
      words.length = 0;
      return lines;
    },
  };
};

/** Breaks text at spaces so no line exceeds width (a single longer token keeps its own line). */
export const wrapText = (text: string, width = PGN_LINE_WIDTH): string => {
  const wrapper = lineWrapper(width);
  for (const token of text.split(' ')) wrapper.add(token);
  return wrapper.end().join('\n');
};

/** Whole PGN (tags, then movetext wrapped at 80 characters). */
export const makePgnText = (game: Game<PgnNodeData>): string => {
  const text = makePgn(game);
  const split = text.indexOf('\n\n');
  const tags = split === -1 ? '' : text.slice(0, split + 2);
  const movetext = split === -1 ? text : text.slice(split + 2);
  return `${tags}${movetext
    .split('\n')
    .map((l) => wrapText(l))
    .join('\n')
    .trimEnd()}\n`;
};

/** Moves written between two pauses of makePgnTextSteps. */
const MOVES_PER_STEP = 64;

/** Move number tokens by ply ("1.", "1...", "2."), made once: a long game writes thousands. */
const moveNumbers: string[] = [];
const moveNumberToken = (ply: number): string =>
  (moveNumbers[ply] ??= `${Math.floor(ply / 2) + 1}${ply % 2 ? '...' : '.'}`);

/** What the step writer reads of a move tree: a node's child by index (undefined past the last), a move's data. */
export interface MoveTreeReader<N> {
  child(node: N, index: number): N | undefined;
  data(node: N): PgnNodeData;
}

/** chessops's own game tree. */
const chessopsTree: MoveTreeReader<Node<PgnNodeData>> = {
  child: (node, index) => node.children[index],
  data: (node) => (node as ChildNode<PgnNodeData>).data,
};

/**
 * makePgnText in steps: pauses (yields) every MOVES_PER_STEP moves, so a game of tens of thousands of
 * moves can be written while other work gets turns; returns the same text.
 */
export function* makePgnTextSteps(game: Game<PgnNodeData>): Generator<void, string> {
  // Where makePgnText would take a newline in a tag for the end of the tags: its own way.
  if (game.headers.size === 0 || [...game.headers.values()].some((v) => v.includes('\n'))) return makePgnText(game);
  return yield* writePgnTextSteps(game.headers, game.comments, game.moves, chessopsTree);
}

const PRE = 0;
const SIDELINES = 1;
const END = 2;

/** A move being written, a child of `parent`; the parent's children from `next` on are its side lines. */
interface WriteFrame<N> {
  state: typeof PRE | typeof SIDELINES | typeof END;
  ply: number;
  parent: N;
  node: N;
  next: number;
  inVariation: boolean;
}

/**
 * The text makePgnText writes for a game of these headers (at least one, none holding a newline),
 * game comments and tree, in steps (a pause every MOVES_PER_STEP moves): chessops's makePgn, token for
 * token, with the wrapping done as the tokens come. A move makes no object of its own (frames are kept
 * by depth, tokens are the moves' own strings): what a long game leaves for the collector is a string a line.
 */
export function* writePgnTextSteps<N>(
  headers: ReadonlyMap<string, string>,
  comments: readonly string[] | undefined,
  root: N,
  tree: MoveTreeReader<N>,
): Generator<void, string> {
  let tags = '';
  for (const [key, value] of headers) tags += `[${key} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]\n`;
  // The text's lines; a newline inside a token ends a paragraph, each wrapped alone.
  const lines: string[] = [];
  let wrapper = lineWrapper();
  const endParagraph = () => {
    const written = wrapper.end();
    if (written.length === 0) lines.push('');
    else for (const line of written) lines.push(line);
    wrapper = lineWrapper();
  };
  const token = (text: string) => {
    if (!text.includes('\n')) {
      if (!text.includes(' ')) wrapper.add(text);
      else for (const word of text.split(' ')) wrapper.add(word);
      return;
    }
    text.split('\n').forEach((part, i) => {
      if (i > 0) endParagraph();
      for (const word of part.split(' ')) wrapper.add(word);
    });
  };
  const comment = (text: string) => {
    token('{');
    token(text.replace(/\}/g, ''));
    token('}');
  };
  for (const text of comments ?? []) comment(text);
  const fen = headers.get('FEN');
  const initialPly = fen
    ? parseFen(fen).unwrap(
        (setup) => (setup.fullmoves - 1) * 2 + (setup.turn === 'white' ? 0 : 1),
        () => 0,
      )
    : 0;
  const frames: WriteFrame<N>[] = [];
  let depth = 0;
  /** Writes `node`, a child of `parent`, next; `next` is where its side lines start among the parent's children. */
  const push = (ply: number, parent: N, node: N, next: number) => {
    let frame = frames[depth++];
    if (frame === undefined) frames.push((frame = { state: PRE, ply, parent, node, next, inVariation: false }));
    frame.state = PRE;
    frame.ply = ply;
    frame.parent = parent;
    frame.node = node;
    frame.next = next;
    frame.inVariation = false;
  };
  const first = tree.child(root, 0);
  if (first !== undefined) push(initialPly, root, first, 1);
  let forceMoveNumber = true;
  let moves = 0;
  while (depth > 0) {
    const frame = frames[depth - 1];
    if (frame.inVariation) {
      token(')');
      frame.inVariation = false;
      forceMoveNumber = true;
    }
    if (frame.state === PRE) {
      if (++moves % MOVES_PER_STEP === 0) yield;
      const data = tree.data(frame.node);
      for (const text of data.startingComments ?? []) {
        comment(text);
        forceMoveNumber = true;
      }
      if (forceMoveNumber || frame.ply % 2 === 0) {
        token(moveNumberToken(frame.ply));
        forceMoveNumber = false;
      }
      token(data.san);
      for (const nag of data.nags ?? []) {
        token(`$${nag}`);
        forceMoveNumber = true;
      }
      for (const text of data.comments ?? []) comment(text);
      frame.state = SIDELINES;
    }
    if (frame.state === SIDELINES) {
      // A side line's first move has none of its own: `next` was set past its siblings.
      const sideline = frame.next >= 0 ? tree.child(frame.parent, frame.next) : undefined;
      if (sideline === undefined) {
        frame.state = END;
        const child = tree.child(frame.node, 0);
        if (child !== undefined) push(frame.ply + 1, frame.node, child, 1);
      } else {
        token('(');
        forceMoveNumber = true;
        frame.inVariation = true;
        frame.next++;
        push(frame.ply, frame.parent, sideline, -1);
      }
    } else depth--;
  }
  token(makeOutcome(parseOutcome(headers.get('Result'))));
  endParagraph();
  lines.push('');
  return `${tags}\n${lines.join('\n').trimEnd()}\n`;
}

/** Movetext for one line of SAN moves from a FEN, with the move numbers a reader expects. */
export const makeLinePgn = (startFen: string, sans: readonly string[]): string => {
  // Only the side to move and the move number matter here, so skip a full FEN parse.
  const fields = startFen.split(' ');
  let fullmoves = Math.max(1, parseInt(fields[5], 10) || 1);
  let white = fields[1] !== 'b';
  const parts: string[] = [];
  sans.forEach((san, i) => {
    if (white) parts.push(`${fullmoves}. ${san}`);
    else parts.push(i === 0 ? `${fullmoves}... ${san}` : san);
    if (!white) fullmoves++;
    white = !white;
  });
  return parts.join(' ');
};

/** A PGN for one line, with FEN and SetUp tags when it starts from a set-up position. */
export const makeLinePgnWithSetup = (startFen: string, sans: readonly string[]): string => {
  const movetext = wrapText(makeLinePgn(startFen, sans));
  return startFen === INITIAL_FEN ? movetext : `[FEN "${startFen}"]\n[SetUp "1"]\n\n${movetext}`;
};
