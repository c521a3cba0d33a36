// Flashcard calls (src/contract/cards.ts): list, create/edit in bulk, review on the server's clock,
// delete. The SQL is in cards/cards-repository.ts; every change bumps the player's cards version in
// the same transaction, which names the list get-cards keeps compressed in memory.
import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { cardsApi } from '@contract/cards.js';
import { reviewCard } from '../../chess/scheduling.js';
import { deleteCard, lockCard, readCardList, saveReview, toCard, upsertCards } from '../cards/cards-repository.js';
import { acceptsBrotli, brotli } from '../plugins/compression.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { playerScheduler } from '../today/player-scheduler.js';
import { CardListCache } from './card-list-cache.js';
import { bumpCardsVersion, cardsEtag, cardsVersion } from '../cards/cards-version.js';
import { route } from './route.js';

/** Lists shorter than this (some 40 cards) are not kept in memory. */
const KEPT_LIST_MIN_LENGTH = 16 * 1024;

export async function cardRoutes(app: FastifyInstance): Promise<void> {
  const lists = new CardListCache();
  // The session is checked before any body is read.
  app.addHook('onRequest', app.requireUser);

  // The answer is sent as ready JSON text (or its Brotli bytes), so it passes no serialiser.
  route(app, cardsApi.list, {}, async (request, reply) => {
    const userId = request.user!.id;
    // The browser revalidates every time (no-cache) and gets 304 while the version is unchanged.
    const version = await cardsVersion(app.db, userId);
    const etag = cardsEtag(userId, version);
    reply.header('cache-control', 'private, no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const kept = lists.findList(userId, version);
    let text: string | undefined;
    let body = kept;
    if (!kept) {
      text = `{"api_data":[${await readCardList(app, userId)}]}`;
      // Small lists are read again each time: cheap, and the memory goes to the large ones.
      if (text.length >= KEPT_LIST_MIN_LENGTH) {
        body = brotli(text);
        lists.keepList(userId, version, body);
      }
    }
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (body && acceptsBrotli(request)) return reply.header('content-encoding', 'br').send(body);
    // Other clients get the text, which the compression plugin sends gzipped when they take gzip.
    return reply.send(text ?? brotliDecompressSync(body!));
  });

  route(app, cardsApi.upsert, {}, async (request) => {
    const input = request.body;
    const userId = request.user!.id;
    const now = new Date();
    const saved = await app.db.transaction(async (tx) => {
      await bumpCardsVersion(tx, userId);
      return upsertCards(tx, userId, input, now);
    });
    return { api_data: saved.map(toCard) };
  });

  route(app, cardsApi.review, {}, async (request, reply) => {
    const { id, rating } = request.body;
    const userId = request.user!.id;
    const now = new Date();
    const result = await app.db.transaction(async (tx) => {
      // The player's row first, as in every card change: one lock order, so no deadlock.
      await bumpCardsVersion(tx, userId);
      const row = await lockCard(tx, userId, id);
      if (!row) return undefined;
      // The player's own weights once optimised; intervals stop at 1000 days (the card review screen's).
      const reviewed = reviewCard(toCard(row), rating, now, await playerScheduler(app, tx, userId, 'cards'));
      if (reviewed.isErr) throw new BadRequestError(reviewed.error.message);
      const { card, log } = reviewed.value;
      const updated = await saveReview(tx, userId, card, log, now);
      return { card: toCard(updated), log };
    });
    if (!result) return reply.code(404).send({ error: `No card with id ${id}` });
    return { api_data: result };
  });

  route(app, cardsApi.delete, {}, async (request) => {
    const { id } = request.body;
    const userId = request.user!.id;
    const deleted = await app.db.transaction(async (tx) => {
      await bumpCardsVersion(tx, userId);
      return deleteCard(tx, userId, id);
    });
    return { api_data: { id, deleted } };
  });
}
