import { Readable } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountDataApi } from '@contract/account-data.js';
import { ankiDeckChunks } from '../account-data/anki-deck.js';
import { deleteAccount } from '../account-data/delete-account.js';
import { exportChunks } from '../account-data/export-stream.js';
import { parseImportDocument } from '../account-data/import-document.js';
import { IMPORT_LIMIT_BYTES, readImportJson } from '../account-data/import-json-reader.js';
import { writeImport } from '../account-data/import-writer.js';
import { syncDrillAfterStudyChange } from '../drill/drill-sync.js';
import { findPasswordHash } from '../accounts/users-repository.js';
import { revokeConnection } from '../lichess/lichess-revoke.js';
import { forgetStudyMd5 } from '../openings/studies-repository.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { TooLargeError } from '../plugins/multipart-body.js';
import { sizeText } from '../plugins/oversized-body.js';
import { leaveNulCheckToRoute } from '../plugins/text-input.js';
import { route } from './route.js';

/** The export sent as a multipart file field `file` (as `curl -F file=@export.json` sends it). */
function uploadedJson(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const file = body.file;
  const bytes = Buffer.isBuffer(file) ? file : typeof file === 'string' ? Buffer.from(file, 'utf8') : undefined;
  if (bytes === undefined)
    throw new BadRequestError('Send the export as JSON, or as a multipart file field named file');
  return readImportJson(bytes);
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The player's own data (src/contract/account-data.ts): export and import of everything they own, their cards as
 * an Anki deck, and deleting the account.
 *
 *   GET  /api/export            JSON attachment, streamed (see account-data/export-format.ts)
 *   POST /api/import            that JSON (or a multipart file field `file`) -> {api_data: counts of rows added per kind}; 400 {error} names the first bad row
 *   GET  /api/export/anki.txt   Anki text import of the cards
 *   POST /api/delete-account    form password -> {api_result: 'account_deleted' | 'bad_password'}
 */
export async function accountDataRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.requireUser };

  route(app, accountDataApi.exportData, auth, async (request, reply) => {
    const now = new Date();
    // A byte stream, so the next page is read only once the client has taken the last.
    const stream = Readable.from(exportChunks(app.db, request.user!.id, now), { objectMode: false });
    stream.on('error', (err) => request.log.error({ err }, 'export failed'));
    return reply
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="chess-prep-export-${day(now)}.json"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Its own JSON reader, because an export runs to 100 MB: the session is checked first (onRequest),
  // then the body is read as it arrives, row by row, each kind within its size limit
  // (import-json-reader.ts), and each row is checked with its contract schema (import-document.ts).
  await app.register(async (scoped) => {
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser(
      'application/json',
      { bodyLimit: IMPORT_LIMIT_BYTES },
      async (request: FastifyRequest, payload: IncomingMessage) => {
        if (Number(request.headers['content-length']) > IMPORT_LIMIT_BYTES) {
          throw new TooLargeError(`The import is larger than the ${sizeText(IMPORT_LIMIT_BYTES)} limit`);
        }
        // Checked for NUL characters row by row by parseImportDocument.
        return leaveNulCheckToRoute(await readImportJson(payload));
      },
    );
    const importOptions = { onRequest: app.requireUser, bodyLimit: IMPORT_LIMIT_BYTES };
    route(scoped, accountDataApi.importData, importOptions, async (request) => {
      const body = request.isMultipart() ? await uploadedJson(request.body) : request.body;
      const doc = await parseImportDocument(body, app.repertoireCache);
      const userId = request.user!.id;
      const target = {
        db: app.db,
        kind: app.dbKind,
        stopping: () => closing,
        forgetStudies: (id: number) => forgetStudyMd5(app.openingsMemory.studyMd5s, id),
      };
      const counts = await writeImport(target, userId, doc);
      // The drill of each colour follows its study, as after storing one: the imported deck is complete.
      for (const color of ['white', 'black'] as const) {
        if (!closing) await syncDrillAfterStudyChange(app, userId, color, true);
      }
      app.forgetCachedUser(userId);
      return { api_data: counts };
    });
  });

  route(app, accountDataApi.ankiDeck, auth, async (request, reply) => {
    // A byte stream (not one of objects, which would read 16 pages ahead): the next page is read
    // only once the client has taken the last, so a deck of any size holds about one page in memory.
    const stream = Readable.from(ankiDeckChunks(app.db, request.user!.id), { objectMode: false });
    stream.on('error', (err) => request.log.error({ err }, 'Anki export failed'));
    return reply
      .type('text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="chess-prep-cards-${day(new Date())}.txt"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  // The session is checked before the body is validated: onRequest runs the rate limit, then the user check.
  const deleteOptions = { onRequest: [app.limitCalls('login'), app.requireUser] };
  route(app, accountDataApi.deleteAccount, deleteOptions, async (request, reply) => {
    const { password } = request.body;
    const userId = request.user!.id;
    const hash = await findPasswordHash(app.db, userId);
    if (hash === undefined || !(await app.passwords.isCorrect(hash, password)))
      return { api_result: 'bad_password' } as const;
    // Lichess is told to forget the token too, as Disconnect does; the account goes either way.
    const { connected, revoked } = await revokeConnection(app.db, app.config, userId);
    if (connected && !revoked) request.log.warn({ userId }, 'Lichess could not be told to revoke a token');
    await deleteAccount(app.db, userId);
    app.forgetCachedUser(userId);
    // The session row went with the account; this clears the cookie.
    await app.endSession(request, reply);
    return { api_result: 'account_deleted' } as const;
  });
}
