import { z } from 'zod';
import { apiData, color } from './common.js';
import { drillItem } from './drill.js';
import { endpoint } from './endpoint.js';
import { movetext } from './repertoire.js';

/**
 * A drill session limited to the player's positions along given repertoire lines (from the standard
 * start), due or not: POST /api/drill/lines {color, lines} -> the drill items of those positions, in
 * the order the lines meet them. Answers go to POST /api/drill/answer like any other item.
 */
const drillLinesRequest = z.object({
  color,
  lines: z
    .array(movetext, { error: 'lines must be a list of movetext lines' })
    .min(1, 'lines must hold at least one line')
    .max(100, 'at most 100 lines'),
});

export const drillLinesApi = {
  lines: endpoint({
    method: 'POST',
    path: '/api/drill/lines',
    body: drillLinesRequest,
    answer: apiData(z.array(drillItem)),
    errors: [400],
  }),
};
