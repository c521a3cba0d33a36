import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { z } from 'zod';
import { validateFen } from '../../chess/fen.js';
import { BadRequestError } from '../plugins/error-handler.js';
import type { StatsRecord } from './position-stats-repository.js';
import { explorerFen, parseStatsFilter, statsFen } from './stats-key.js';

/**
 * One uploaded statistics row, as update_stats takes it and as an import carries it: a legal
 * position, known speeds and rating bands, counts, and moves in UCI and SAN (letters, digits and
 * the signs SAN uses: no markup ever reaches the page that shows them).
 */

export const statsMoveSchema = z.object({
  uci: z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/, 'uci must be a move like e2e4'),
  san: z.string().regex(/^[NBRQKa-hx1-8O=+#-]{2,10}$/, 'san must be a move like Nf3'),
  white: z.number().int().nonnegative(),
  draws: z.number().int().nonnegative(),
  black: z.number().int().nonnegative(),
  averageRating: z.number().optional(),
});

/** A position the explorer could answer for: a valid FEN (counters optional) of a legal position. */
export function checkStatsFen(fen: string): void {
  const full = explorerFen(fen.trim());
  const valid = validateFen(full);
  if (valid.isErr) throw new BadRequestError(`fen ${fen}: ${valid.error.message}`);
  const legal = parseFen(full).chain((setup) => Chess.fromSetup(setup));
  if (legal.isErr) throw new BadRequestError(`fen ${fen}: not a legal position (${legal.error.message})`);
}

export interface StatsUpload {
  fen: string;
  speeds?: string;
  ratings?: string | number;
  white: number;
  draws: number;
  black: number;
  /** A JSON string (as update_stats sends it) or the list itself. */
  moves: unknown;
}

/** The row checked and in stored form; throws BadRequestError naming what is wrong. */
export function parseStatsUpload(item: StatsUpload): StatsRecord {
  checkStatsFen(item.fen);
  const filter = parseStatsFilter(item.speeds, item.ratings === undefined ? undefined : String(item.ratings));
  if (!filter.ok) throw new BadRequestError(filter.error);
  let moves = item.moves;
  if (typeof moves === 'string') {
    try {
      moves = JSON.parse(moves);
    } catch {
      throw new BadRequestError(`moves of ${item.fen} is not JSON`);
    }
  }
  const parsed = z.array(statsMoveSchema).max(500).safeParse(moves);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BadRequestError(`moves of ${item.fen}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return {
    fen: statsFen(item.fen),
    ...filter.filter,
    white: item.white,
    draws: item.draws,
    black: item.black,
    moves: parsed.data,
  } as StatsRecord;
}
