/**
 * Writing PGN: chessops's writer with movetext wrapped at 80 characters, and short
 * movetext for a single line of moves.
 *
 *   makeLinePgn(INITIAL_FEN, ['e4', 'c5', 'Nf3']) === '1. e4 c5 2. Nf3'
 */
import { INITIAL_FEN, parseFen } from 'chessops/fen';
import { makeOutcome, makePgn, parseOutcome, type ChildNode, type Game, type PgnNodeData } from 'chessops/pgn';

export const PGN_LINE_WIDTH = 80;

/** A wrapText done word by word: `add` each word in order, `end` for the lines. */
const lineWrapper = (width = PGN_LINE_WIDTH) => {
  const lines: string[] = [];
  let line = '';
  return {
    add(token: string): void {
      if (token === '') return;
      if (line === '' || line.length + 1 + token.length <= width) {
        line = line === '' ? token : `${line} ${token}`;
        return;
      }
      // A line starting with '%' is an escape line in PGN that readers skip: carry a word over with it.
      let carry = token.startsWith('%') ? line.lastIndexOf(' ') : -2;
      while (carry > 0 && line[carry + 1] === '%') carry = line.lastIndexOf(' ', carry - 1);
      if (carry === -1) line = `${line} ${token}`;
      else if (carry >= 0) {
        lines.push(line.slice(0, carry));
        line = `${line.slice(carry + 1)} ${token}`;
      } else {
        lines.push(line);
        line = token;
      }
    },
    end(): string[] {
      if (line !== '') lines.push(line);
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
const MOVES_PER_STEP = 256;

/**
 * makePgnText in steps: pauses (yields) every MOVES_PER_STEP moves, so a game of tens of thousands of
 * moves can be written while other work gets turns; returns the same text. chessops's makePgn, token
 * for token, with the wrapping done as the tokens come.
 */
export function* makePgnTextSteps(game: Game<PgnNodeData>): Generator<void, string> {
  // Where makePgnText would take a newline in a tag for the end of the tags: its own way.
  if (game.headers.size === 0 || [...game.headers.values()].some((v) => v.includes('\n'))) return makePgnText(game);
  let tags = '';
  for (const [key, value] of game.headers) tags += `[${key} "${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]\n`;
  const segments: string[] = [];
  let wrapper = lineWrapper();
  // Tokens are joined by spaces and the text split into lines at newlines, each line wrapped alone.
  const token = (text: string) => {
    const parts = text.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) {
        segments.push(wrapper.end().join('\n'));
        wrapper = lineWrapper();
      }
      for (const word of part.split(' ')) wrapper.add(word);
    });
  };
  const comment = (text: string) => {
    token('{');
    token(text.replace(/\}/g, ''));
    token('}');
  };
  for (const text of game.comments ?? []) comment(text);
  const fen = game.headers.get('FEN');
  const initialPly = fen
    ? parseFen(fen).unwrap(
        (setup) => (setup.fullmoves - 1) * 2 + (setup.turn === 'white' ? 0 : 1),
        () => 0,
      )
    : 0;
  interface Frame {
    state: 'pre' | 'sidelines' | 'end';
    ply: number;
    node: ChildNode<PgnNodeData>;
    sidelines: Iterator<ChildNode<PgnNodeData>>;
    inVariation: boolean;
  }
  const stack: Frame[] = [];
  const frameOf = (ply: number, variations: Iterator<ChildNode<PgnNodeData>>) => {
    const first = variations.next();
    if (!first.done) stack.push({ state: 'pre', ply, node: first.value, sidelines: variations, inVariation: false });
  };
  frameOf(initialPly, game.moves.children[Symbol.iterator]());
  let forceMoveNumber = true;
  let moves = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.inVariation) {
      token(')');
      frame.inVariation = false;
      forceMoveNumber = true;
    }
    if (frame.state === 'pre') {
      if (++moves % MOVES_PER_STEP === 0) yield;
      const { data } = frame.node;
      for (const text of data.startingComments ?? []) {
        comment(text);
        forceMoveNumber = true;
      }
      if (forceMoveNumber || frame.ply % 2 === 0) {
        token(`${Math.floor(frame.ply / 2) + 1}${frame.ply % 2 ? '...' : '.'}`);
        forceMoveNumber = false;
      }
      token(data.san);
      for (const nag of data.nags ?? []) {
        token(`$${nag}`);
        forceMoveNumber = true;
      }
      for (const text of data.comments ?? []) comment(text);
      frame.state = 'sidelines';
    }
    if (frame.state === 'sidelines') {
      const child = frame.sidelines.next();
      if (child.done) {
        frameOf(frame.ply + 1, frame.node.children[Symbol.iterator]());
        frame.state = 'end';
      } else {
        token('(');
        forceMoveNumber = true;
        stack.push({
          state: 'pre',
          ply: frame.ply,
          node: child.value,
          sidelines: [][Symbol.iterator](),
          inVariation: false,
        });
        frame.inVariation = true;
      }
    } else stack.pop();
  }
  token(makeOutcome(parseOutcome(game.headers.get('Result'))));
  segments.push(wrapper.end().join('\n'), '');
  return `${tags}\n${segments.join('\n').trimEnd()}\n`;
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
