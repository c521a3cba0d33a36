import { z } from 'zod';
import { apiData, color } from './common.js';
import { drillItem } from './drill.js';
import { endpoint } from './endpoint.js';
import { movetext } from './repertoire.js';

/**
 * Drill sessions limited to chosen positions, due or not. Answers go to POST /api/drill/answer like
 * any other item.
 *
 *   POST /api/drill/lines   {color, lines} -> {api_data: [DrillItem]}: the player's positions along
 *                           repertoire lines (from the standard start), in the order the lines meet them
 *   POST /api/drill/replies {color, fen}   -> {api_data: DrillReplies}: at a position with the opponent
 *                           to move, the item after each repertoire reply ("All my replies"); 400 a bad
 *                           FEN or no study, 404 when the repertoire has no such opponent position
 */
const drillLinesRequest = z.object({
  color,
  lines: z
    .array(movetext, { error: 'lines must be a list of movetext lines' })
    .min(1, 'lines must hold at least one line')
    .max(100, 'at most 100 lines'),
});

const drillRepliesRequest = z.object({ color, fen: z.string().max(200) });

const drillReplies = z.object({
  /** The position the replies are played from (the opponent to move), as the repertoire holds it. */
  fen: z.string(),
  /** In the study's order; replies after which the repertoire has no answer of the player's are left out. */
  replies: z.array(z.object({ uci: z.string(), san: z.string(), item: drillItem })),
});
export type DrillReplies = z.infer<typeof drillReplies>;

export const drillLinesApi = {
  lines: endpoint({
    method: 'POST',
    path: '/api/drill/lines',
    body: drillLinesRequest,
    answer: apiData(z.array(drillItem)),
    errors: [400],
  }),
  replies: endpoint({
    method: 'POST',
    path: '/api/drill/replies',
    body: drillRepliesRequest,
    answer: apiData(drillReplies),
    errors: [400, 404],
  }),
};
