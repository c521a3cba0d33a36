/**
 * One PGN from a colour's sources (several studies or files): each source's chapters in turn, its
 * excluded moves taken out with everything after them, and each chapter named
 * `<source name>: <chapter name>` so a finding says where a move came from. Comments, NAGs, shapes and
 * tags are kept. Reading the result gives the union of the sources, transpositions between them meeting.
 *
 *   combineSources([{ name: 'Sicilian', text: '1. e4 c5 *', excludeSymbols: [] }, …])
 *     -> '[ChapterName "Sicilian: Game 1"]\n\n1. e4 c5 *\n\n…'
 */
import { Result } from '@badrap/result';
import { makePgn, type Node, type PgnNodeData } from 'chessops/pgn';
import { excludedNags, type ExcludeSymbol } from './exclude-symbols.js';
import { parsePgn, type PgnParseError } from './pgn.js';

export interface RepertoireSource {
  /** Shown before each chapter's own name. */
  name: string;
  text: string;
  excludeSymbols: readonly ExcludeSymbol[];
}

/** The chapter name a combined text gives a source's chapter. */
export const sourceChapterName = (source: string, chapter: string): string => `${source}: ${chapter}`;

/** Takes out, in place, every move marked with one of `nags`, with its continuation. */
export const pruneExcluded = (node: Node<PgnNodeData>, nags: ReadonlySet<number>): void => {
  if (nags.size === 0) return;
  const stack = [node];
  for (let at = stack.pop(); at; at = stack.pop()) {
    at.children = at.children.filter((child) => !child.data.nags?.some((nag) => nags.has(nag)));
    stack.push(...at.children);
  }
};

/** The sources as one PGN; fails as parsePgn does on a source that is not PGN. */
export const combineSources = (sources: readonly RepertoireSource[]): Result<string, PgnParseError> => {
  const parts: string[] = [];
  for (const source of sources) {
    const games = parsePgn(source.text);
    if (games.isErr) return Result.err(games.error);
    const nags = excludedNags(source.excludeSymbols);
    for (const game of games.value) {
      pruneExcluded(game.moves, nags);
      const headers = new Map(game.headers);
      headers.set('ChapterName', sourceChapterName(source.name, game.name));
      parts.push(makePgn({ headers, comments: game.comments, moves: game.moves }));
    }
  }
  return Result.ok(parts.join('\n'));
};
