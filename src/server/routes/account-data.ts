import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ANKI_HEADER, makeAnkiLine } from '../account-data/anki-deck.js';
import { deleteAccount } from '../account-data/delete-account.js';
import { exportChunks } from '../account-data/export-stream.js';
import { importDocument, parseImportDocument } from '../account-data/import-document.js';
import { deckTurn } from '../drill/drill-writer.js';
import { isPasswordCorrect } from '../accounts/passwords.js';
import { revokeConnection } from '../lichess/lichess-revoke.js';
import { cards, users } from '../db/schema.js';
import { BadRequestError } from '../plugins/error-handler.js';

/** An export of a large account can be well over the app's usual 5 MB body limit. */
const IMPORT_BODY_LIMIT = 100 * 1024 * 1024;

const deleteAccountBody = z.object({ password: z.string({ error: 'password is required' }).max(1000) });

/** The export sent as a multipart file field `file` (as `curl -F file=@export.json` sends it). */
function uploadedJson(body: unknown): unknown {
  const file = (body as Record<string, unknown> | null)?.file;
  const text = Buffer.isBuffer(file) ? file.toString('utf8') : typeof file === 'string' ? file : undefined;
  if (text === undefined) throw new BadRequestError('Send the export as JSON, or as a multipart file field named file');
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError('The file is not a Chess Prep export: it is not JSON');
  }
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The player's own data (DESIGN section 4): export and import of everything they own, their cards as
 * an Anki deck, and deleting the account.
 *
 *   GET  /api/export            JSON attachment, streamed (see account-data/export-format.ts)
 *   POST /api/import            that JSON (or a multipart file field `file`) -> {api_data: counts of rows added per kind}; 400 {error} names the first bad row
 *   GET  /api/export/anki.txt   Anki text import of the cards
 *   POST /api/delete-account    form password -> {api_result: 'account_deleted' | 'bad_password'}
 */
export async function accountDataRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.requireUser };

  app.get('/export', auth, async (request, reply) => {
    const now = new Date();
    const stream = Readable.from(exportChunks(app.db, request.user!.id, now));
    stream.on('error', (err) => request.log.error({ err }, 'export failed'));
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="chess-prep-export-${day(now)}.json"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.post('/import', { ...auth, bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const doc = parseImportDocument(request.isMultipart() ? uploadedJson(request.body) : request.body);
    const userId = request.user!.id;
    // In the deck's turn: on the embedded database a sync writes in several statements.
    const counts = await deckTurn(userId, () => app.db.transaction((tx) => importDocument(tx, userId, doc)));
    app.forgetCachedUser(userId);
    return { api_data: counts };
  });

  app.get('/export/anki.txt', auth, async (request, reply) => {
    const rows = await app.db
      .select({
        prompt: cards.prompt,
        promptFen: cards.promptFen,
        answer: cards.answer,
        answerFen: cards.answerFen,
        orientation: cards.orientation,
      })
      .from(cards)
      .where(eq(cards.userId, request.user!.id))
      .orderBy(asc(cards.createdAt), asc(cards.id));
    const lines = [...ANKI_HEADER, ...rows.map(makeAnkiLine)];
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="chess-prep-cards-${day(new Date())}.txt"`)
      .header('cache-control', 'no-store')
      .send(lines.join('\n'));
  });

  app.post('/delete-account', { ...auth, onRequest: app.rateLimit('login') }, async (request, reply) => {
    const { password } = deleteAccountBody.parse(request.body);
    const userId = request.user!.id;
    const [row] = await app.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!row || !(await isPasswordCorrect(row.passwordHash, password))) return { api_result: 'bad_password' };
    // Lichess is told to forget the token too, as Disconnect does; the account goes either way.
    const { connected, revoked } = await revokeConnection(app.db, app.config, userId);
    if (connected && !revoked) request.log.warn({ userId }, 'Lichess could not be told to revoke a token');
    await deleteAccount(app.db, userId);
    app.forgetCachedUser(userId);
    // The session row went with the account; this clears the cookie.
    await app.endSession(request, reply);
    return { api_result: 'account_deleted' };
  });
}
