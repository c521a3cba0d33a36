import type { FastifyInstance } from 'fastify';
import { openingsApi } from '@contract/openings.js';
import { compareGamePgn } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { consistencyAnswer, openingBookAnswer } from '../openings/opening-answers.js';
import { comparisonOnWire } from '../openings/opening-wire.js';
import { repertoireFromForm } from '../openings/opening-input.js';
import { sendPrepared } from '../openings/prepared-answer.js';
import { fieldText } from '../openings/multipart-fields.js';
import { route } from './route.js';

/**
 * The opening checks (src/contract/openings.ts), all forms (opening_text, color, excludeSymbols[]):
 * consistency_check, check_opening (a game against the opening) and create_opening_book.
 */

export async function openingRoutes(app: FastifyInstance): Promise<void> {
  // onRequest: the session is checked before any body is read.
  const auth = { onRequest: app.requireUser };

  // The large answers are made once per cached repertoire and sent as kept, compressed bytes.
  route(app, openingsApi.consistencyCheck, auth, async (request, reply) => {
    const rep = await repertoireFromForm(request.body, { app, userId: request.user!.id });
    return sendPrepared(request, reply, await consistencyAnswer(app, rep));
  });

  // Plain text; with format=json also the structured comparison (where the game left
  // the repertoire and the repertoire's moves there), which the review screen turns into a card.
  route(app, openingsApi.checkOpening, auth, async (request, reply) => {
    const { body } = request;
    const rep = await repertoireFromForm(body, { app, userId: request.user!.id });
    const gameText = fieldText(body, 'game_text');
    if (gameText.trim() === '') throw new BadRequestError('No game text');
    const gameName = fieldText(body, 'game_name').trim() || undefined;
    const compared = compareGamePgn(rep, gameText, { gameName });
    if (compared.isErr) throw new BadRequestError(`The game PGN could not be read: ${compared.error.message}`);
    const comparison = compared.value;
    if (fieldText(body, 'format') === 'json')
      return { results: comparison.text, comparison: comparisonOnWire(comparison) };
    return reply.type('text/plain; charset=utf-8').send(comparison.text);
  });

  // The book is JSON text inside the answer, which the client parses; book_format=object (or
  // format=object) asks for it as an object instead.
  route(app, openingsApi.createOpeningBook, auth, async (request, reply) => {
    const { body } = request;
    const rep = await repertoireFromForm(body, { app, userId: request.user!.id });
    const asObject = fieldText(body, 'book_format') === 'object' || fieldText(body, 'format') === 'object';
    return sendPrepared(request, reply, await openingBookAnswer(app, rep, !asObject));
  });
}
