import type { FastifyInstance } from 'fastify';
import { woodpeckerApi } from '@contract/woodpecker.js';
import { gradeDrillAnswer } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { findCandidates } from '../woodpecker/woodpecker-candidates.js';
import { createSet, deleteSet, listSets, readSet, recordAttempt } from '../woodpecker/woodpecker-repository.js';
import { route } from './route.js';

const EMPTY_SOURCE = {
  mistakes: 'No mistakes with a better move to solve yet: analyse a game or mark a mistake with its better move first',
  cards: 'No cards to solve: a Woodpecker card needs an answer board one move on from its prompt board',
} as const;

/**
 * Woodpecker sets: fixed sets of the player's positions solved in cycles against a target time that
 * halves each cycle, apart from the FSRS schedule.
 *
 *   POST   /api/woodpecker/sets               {source, size, name?} -> {api_data: set}
 *   GET    /api/woodpecker/sets                                     -> {api_data: [set summary]}
 *   GET    /api/woodpecker/sets/:id                                 -> {api_data: set}
 *   POST   /api/woodpecker/sets/:id/attempts  {position_id, uci, ms} -> {api_data: {correct, …, set}}
 *   POST   /api/woodpecker/sets/:id/delete                          -> {api_data: {deleted, id}}
 */
export async function woodpeckerRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };

  route(app, woodpeckerApi.create, auth, async (request) => {
    const userId = request.user!.id;
    const { source, size } = request.body;
    const positions = await findCandidates(app.db, userId, source, size);
    if (positions.length === 0) throw new BadRequestError(EMPTY_SOURCE[source]);
    const name = request.body.name || `${source === 'mistakes' ? 'My mistakes' : 'My cards'} (${positions.length})`;
    const id = await createSet(app.db, userId, { name, source, positions });
    return { api_data: (await readSet(app.db, userId, id))! };
  });

  route(app, woodpeckerApi.list, auth, async (request) => ({
    api_data: await listSets(app.db, request.user!.id),
  }));

  route(app, woodpeckerApi.get, auth, async (request, reply) => {
    const set = await readSet(app.db, request.user!.id, request.params.id);
    if (!set) return reply.code(404).send({ error: `No Woodpecker set with id ${request.params.id}` });
    return { api_data: set };
  });

  route(app, woodpeckerApi.attempt, auth, async (request, reply) => {
    const userId = request.user!.id;
    const setId = request.params.id;
    const { position_id: positionId, uci, ms } = request.body;
    let playedSan = '';
    const outcome = await recordAttempt(app.db, userId, setId, { positionId, uci, ms }, (fen, answer) => {
      const graded = gradeDrillAnswer(fen, uci, [answer]);
      if (graded.isErr) return { error: graded.error.message };
      playedSan = graded.value.san;
      return { correct: graded.value.correct };
    });
    switch (outcome.kind) {
      case 'missing-set':
        return reply.code(404).send({ error: `No Woodpecker set with id ${setId}` });
      case 'missing-position':
        return reply.code(404).send({ error: `No position ${positionId} in this set` });
      case 'answered':
        return reply.code(409).send({ error: 'That position is answered in this cycle already' });
      case 'illegal':
        throw new BadRequestError(outcome.message);
      case 'recorded':
        return {
          api_data: {
            correct: outcome.correct,
            played_san: playedSan,
            answer_san: outcome.answerSan,
            answer_uci: outcome.answerUci,
            set: (await readSet(app.db, userId, setId))!,
          },
        };
    }
  });

  route(app, woodpeckerApi.delete, auth, async (request, reply) => {
    const deleted = await deleteSet(app.db, request.user!.id, request.params.id);
    if (!deleted) return reply.code(404).send({ error: `No Woodpecker set with id ${request.params.id}` });
    return { api_data: { deleted: true as const, id: request.params.id } };
  });
}
