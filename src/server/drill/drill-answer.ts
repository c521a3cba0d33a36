import type { FastifyInstance } from 'fastify';
import { gradeDrillAnswer, Rating, reviewCard, type Grade } from '../../chess/index.js';
import { logToColumns, scheduleFromColumns, scheduleToColumns } from '../cards/fsrs-columns.js';
import { BadRequestError } from '../plugins/error-handler.js';
import type { DrillAnswerResult } from '@contract/drill.js';
import { playerScheduler } from '../today/player-scheduler.js';
import { toItemPayload } from './drill-item-payload.js';
import { lockActiveItem, saveAnswer } from './drill-items-repository.js';
import { expectedDeck } from './drill-source.js';

/**
 * Grades one answer on the server's clock: a move that is not a repertoire move rates Again, a
 * repertoire move rates the player's choice (Good by default); every answer writes a log row.
 * The player's scheduler is used (their own weights once optimised); the drill is not bound by the
 * review screen's 1000 days.
 */

/** undefined when the id is not one of the player's active items. */
export async function answerDrillItem(
  app: FastifyInstance,
  userId: number,
  input: { id: number; uci: string; rating?: Grade },
  now: Date,
): Promise<DrillAnswerResult | undefined> {
  return app.db.transaction(async (tx) => {
    const row = await lockActiveItem(tx, userId, input.id);
    if (!row) return undefined;
    const answers = row.answers.map((a) => ({ uci: a.uci, san: a.san }));
    const graded = gradeDrillAnswer(row.fen, input.uci, answers);
    if (graded.isErr) throw new BadRequestError(graded.error.message);
    const rating = graded.value.correct ? (input.rating ?? Rating.Good) : Rating.Again;
    const reviewed = reviewCard(scheduleFromColumns(row), rating, now, await playerScheduler(app, tx, userId, 'drill'));
    if (reviewed.isErr) throw new BadRequestError(reviewed.error.message);
    const { card, log } = reviewed.value;
    const updated = await saveAnswer(tx, userId, row.id, scheduleToColumns(card), {
      uci: input.uci.trim(),
      correct: graded.value.correct,
      ...logToColumns(log),
    });
    // The deck the item was served from, while in memory: its annotations come with the item.
    const rep = (await expectedDeck(app, userId, updated.color))?.source.rep;
    return { correct: graded.value.correct, answers, item: toItemPayload(app, updated, rep) };
  });
}
