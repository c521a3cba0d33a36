/**
 * Bracket faults in PGN text: a comment "{" never closed, a variation "(" never closed, or a ")"
 * closing nothing. The PGN reader recovers from these by reading on, so without this check the text is
 * refused much later as an illegal move, far from the real fault. Brackets inside tags, comments
 * and ';' / '%' line comments don't count.
 *
 *   findBracketFault('1. e4 (1. d4 d5\n2. c4 *') -> { line: 1, message: 'line 1: the variation opened with "(" is never closed' }
 */

export interface BracketFault {
  /** 1-based line of the bracket at fault. */
  line: number;
  message: string;
}

export const findBracketFault = (text: string): BracketFault | undefined => {
  let line = 1;
  let atLineStart = true;
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') {
      line += 1;
      atLineStart = true;
      continue;
    }
    if (atLineStart && ch === '%') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
      continue;
    }
    if (ch !== ' ' && ch !== '\t' && ch !== '\r') atLineStart = false;
    if (ch === ';') {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (ch === '{') {
      const start = line;
      while (i + 1 < text.length && text[i + 1] !== '}') if (text[++i] === '\n') line += 1;
      if (i + 1 >= text.length) return fault(start, 'the comment opened with "{" is never closed');
      i++;
    } else if (ch === '[') {
      // A tag: brackets inside its quoted value are text.
      let quoted = false;
      while (i + 1 < text.length && text[i + 1] !== '\n' && (quoted || text[i + 1] !== ']')) {
        i++;
        if (text[i] === '\\' && quoted) i++;
        else if (text[i] === '"') quoted = !quoted;
      }
    } else if (ch === '(') {
      open.push(line);
    } else if (ch === ')') {
      if (open.length === 0) return fault(line, 'the ")" closes no variation');
      open.pop();
    }
  }
  if (open.length > 0) return fault(open[0], 'the variation opened with "(" is never closed');
  return undefined;
};

const fault = (line: number, text: string): BracketFault => ({ line, message: `line ${line}: ${text}` });
