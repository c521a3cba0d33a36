import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkOpeningForm, openingForm } from '@contract/openings.js';
import {
  checkConsistency,
  compareGamePgn,
  createOpeningBook,
  type ConsistencyMemo,
  type Repertoire,
} from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { repertoireFromForm } from '../openings/opening-input.js';
import { fieldText } from '../openings/multipart-fields.js';

/**
 * The opening checks (src/contract/openings.ts), all forms (opening_text, color, excludeSymbols[]):
 * consistency_check, check_opening (a game against the opening) and create_opening_book.
 */

/**
 * The book's text of each cached repertoire (see repertoire-cache): a repeated request for one study
 * is a lookup, and the text goes when its repertoire leaves the cache.
 */
const bookTexts = new WeakMap<Repertoire, string>();
/** Consistency entries by position: after an edit only the positions it touched are worked out again. */
const consistencyMemo: ConsistencyMemo = new WeakMap();

export async function openingRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // onRequest: the session is checked before any body is read.
  const auth = { onRequest: app.requireUser };

  app.post('/consistency_check', { ...auth, schema: { body: openingForm } }, async (request) => {
    const rep = await repertoireFromForm(request.body, { app, userId: request.user!.id });
    const { results, results_dict } = checkConsistency(rep, rep.name, consistencyMemo);
    return { results, results_dict };
  });

  // Plain text; with format=json also the structured comparison (where the game left
  // the repertoire and the repertoire's moves there), which the review screen turns into a card.
  app.post('/check_opening', { ...auth, schema: { body: checkOpeningForm } }, async (request, reply) => {
    const { body } = request;
    const rep = await repertoireFromForm(body, { app, userId: request.user!.id });
    const gameText = fieldText(body, 'game_text');
    if (gameText.trim() === '') throw new BadRequestError('No game text');
    const gameName = fieldText(body, 'game_name').trim() || undefined;
    const compared = compareGamePgn(rep, gameText, { gameName });
    if (compared.isErr) throw new BadRequestError(`The game PGN could not be read: ${compared.error.message}`);
    const comparison = compared.value;
    if (fieldText(body, 'format') === 'json') return { results: comparison.text, comparison };
    return reply.type('text/plain; charset=utf-8').send(comparison.text);
  });

  app.post('/create_opening_book', { ...auth, schema: { body: openingForm } }, async (request) => {
    const rep = await repertoireFromForm(request.body, { app, userId: request.user!.id });
    // The book goes as JSON text that the client parses.
    let book = bookTexts.get(rep);
    if (book === undefined) {
      book = JSON.stringify(createOpeningBook(rep));
      bookTexts.set(rep, book);
    }
    return { book, name: rep.name, color: rep.color };
  });
}
