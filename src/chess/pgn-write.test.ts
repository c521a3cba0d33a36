import { ChildNode, Node, type Game, type PgnNodeData } from 'chessops/pgn';
import { describe, expect, test } from 'vitest';
import { readFixture } from '../../test/fixtures.js';
import { parseGames } from './pgn.js';
import { makePgnText, makePgnTextSteps, wrapText } from './pgn-write.js';

/** Runs the steps to the end: the text and how many pauses came before it. */
const drain = (game: Game<PgnNodeData>) => {
  const steps = makePgnTextSteps(game);
  let pauses = 0;
  for (let step = steps.next(); ; step = steps.next(), pauses++) if (step.done) return { text: step.value, pauses };
};

/** One line of `plies` knight moves back and forth, with a side line at every tenth move. */
const longGame = (plies: number): Game<PgnNodeData> => {
  const shuffle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  const moves = new Node<PgnNodeData>();
  let at: Node<PgnNodeData> = moves;
  for (let ply = 0; ply < plies; ply++) {
    const next = new ChildNode<PgnNodeData>({ san: shuffle[ply % 4] });
    at.children.push(next);
    if (ply % 10 === 0) at.children.push(new ChildNode<PgnNodeData>({ san: ply % 2 ? 'Nc6' : 'Nc3', nags: [6] }));
    at = next;
  }
  return {
    headers: new Map([
      ['Event', 'Long'],
      ['Result', '*'],
    ]),
    moves,
  };
};

describe('makePgnTextSteps writes what makePgnText writes', () => {
  test('every game of two fixtures, with comments, NAGs, side lines and set-up positions', () => {
    for (const path of ['lichess/study_GJ5NRo9a_deep_tree_2024.pgn', 'chesscom/games_fabianocaruana_2020_05.pgn'])
      for (const game of parseGames(readFixture(path), { lenient: true }).unwrap())
        expect(drain(game).text).toBe(makePgnText(game));
  });

  test.each([
    ['a comment over lines and a % word', '1. e4 { one\n\ntwo %eval 0.3 } e5 { } 2. Nf3 $1 *'],
    ['a set-up position with black to move', '[FEN "8/8/8/8/8/8/4k3/K7 b - - 0 40"]\n\n40... Kd2 *'],
    ['a game comment and a result', '{ before } 1. d4 d5 1-0'],
  ])('%s', (_, text) => {
    const [game] = parseGames(`[Event "x"]\n${text}`, { lenient: true }).unwrap();
    expect(drain(game).text).toBe(makePgnText(game));
  });

  test('a tag with a newline, or no tags, is written by makePgnText itself', () => {
    const game = longGame(6);
    game.headers.set('Event', 'two\n\nlines');
    expect(drain(game).text).toBe(makePgnText(game));
    game.headers.clear();
    expect(drain(game).text).toBe(makePgnText(game));
  });
});

test('a game of 60,000 moves is written in steps: a pause every 2,000 moves', () => {
  const game = longGame(60_000);
  const { text, pauses } = drain(game);
  expect(text).toBe(makePgnText(game));
  expect(pauses).toBeGreaterThanOrEqual(30);
});

/** The wrapping as first written, on the growing line's text: the model the word-by-word wrapper keeps to. */
const wrapModel = (text: string, width = 80): string => {
  const lines: string[] = [];
  let line = '';
  for (const token of text.split(' ')) {
    if (token === '') continue;
    if (line === '' || line.length + 1 + token.length <= width) {
      line = line === '' ? token : `${line} ${token}`;
      continue;
    }
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
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
};

test('wrapping word by word gives the lines of the model on 2,000 texts of words, % words and long words', () => {
  let seed = 7;
  const next = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const word = () => {
    const kind = next(10);
    const body = 'x'.repeat(1 + (kind === 0 ? 70 + next(30) : next(12)));
    return kind < 3 ? `%${body}` : body;
  };
  for (let i = 0; i < 2_000; i++) {
    const text = Array.from({ length: next(60) }, () => (next(15) === 0 ? '' : word())).join(' ');
    expect(wrapText(text)).toBe(wrapModel(text));
    expect(wrapText(text, 20)).toBe(wrapModel(text, 20));
  }
});
