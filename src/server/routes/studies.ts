import { setTimeout as delay } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseExcludeSymbols, makeExcludeSymbols, parsePgn, findStudyName } from '../../chess/index.js';
import { studies } from '../db/schema.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { parseColor, type Color } from '../openings/multipart-fields.js';
import { syncDrillAfterStudyChange } from '../drill/drill-sync.js';
import { playerSites } from '../sites/player-sites.js';
import { siteBusy } from '../sites/site-busy.js';
import { repertoireFor, UnreadablePgnError } from '../openings/repertoire-cache.js';
import { httpLink } from './http-link.js';

/**
 * Opening studies: the user's Lichess study list and study text (fetched by the server with the
 * player's own token when they connected Lichess, so private studies appear; no token leaves it), and the one study per colour kept for each user (get-studies, update-study).
 */

const updateStudySchema = z.object({
  color: z.string(),
  exclude_move_indicators: z.union([z.string(), z.array(z.string())]).nullish(),
  link: httpLink(2000).nullish(),
  study_text: z.string().nullish(),
  title: z.string().max(500).nullish(),
  last_update: z.union([z.string(), z.number()]).nullish(),
});

/** Lichess study ids are 8 letters and digits; anything else never reaches Lichess. */
const studyParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9]{8}$/, 'not a Lichess study id (8 letters and digits)'),
});

export interface StudyRecord {
  color: Color;
  title: string;
  link: string | null;
  study_text: string;
  exclude_move_indicators: string;
  last_update: string;
}

/** A study as players see it (not the drill's bookkeeping, whose deck digests can run to megabytes). */
export const STUDY_COLUMNS = {
  title: studies.title,
  link: studies.link,
  studyText: studies.studyText,
  excludeMoveIndicators: studies.excludeMoveIndicators,
  lastUpdate: studies.lastUpdate,
};

/** The user's study for a colour, or null when none is set (or its text is null). */
export async function findStudy(app: FastifyInstance, userId: number, color: Color): Promise<StudyRecord | null> {
  const rows = await app.db
    .select(STUDY_COLUMNS)
    .from(studies)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)))
    .limit(1);
  const row = rows[0];
  if (!row || row.studyText === null) return null;
  return {
    color,
    title: row.title,
    link: row.link,
    study_text: row.studyText,
    exclude_move_indicators: row.excludeMoveIndicators,
    last_update: row.lastUpdate.toISOString(),
  };
}

/** A study's title from its chapters' tags (StudyName, or the Event before ': '). */
function studyTitle(pgn: string, fallback: string): string {
  const games = parsePgn(pgn);
  if (games.isOk && games.value[0]) return findStudyName(games.value[0].headers) ?? fallback;
  return fallback;
}

/** How long storing a study waits for its drill deck before answering. */
const DRILL_SYNC_WAIT_MS = 1_500;
/**
 * A study this large cannot have its deck built within that wait (building it alone takes longer,
 * on this thread), so storing it answers first and the deck follows.
 */
const DRILL_SYNC_WAIT_MAX_POSITIONS = 50_000;

export async function studyRoutes(app: FastifyInstance): Promise<void> {
  // Deck syncs still running after their answer finish before the database closes.
  const drillSyncs = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...drillSyncs]);
  });
  // onRequest: the session is checked before any body is read.
  const auth = { onRequest: app.requireUser };

  app.get('/lichess/studies', auth, async (request, reply) => {
    const username = String((request.query as Record<string, unknown>).username ?? '').trim();
    if (!username) return reply.code(400).send({ error: 'A Lichess username is required to list studies' });
    const busy = siteBusy(app.siteQueues.lichess, app.config.lichessUrl, 'Lichess');
    if (busy) return { api_data: [], error: busy, busy: true };
    const { lichess } = await playerSites(app, request.user!.id);
    const result = await lichess.listStudies(username);
    // Spec 8: study fetch errors are logged (by the client) and give an empty list.
    if (result.isErr) return { api_data: [], error: result.error.message };
    return { api_data: result.value };
  });

  app.get('/lichess/study/:id', auth, async (request) => {
    const { id } = studyParamsSchema.parse(request.params);
    const busy = siteBusy(app.siteQueues.lichess, app.config.lichessUrl, 'Lichess');
    if (busy) return { api_data: { title: '', pgn: '' }, error: busy, busy: true };
    const { lichess } = await playerSites(app, request.user!.id);
    const result = await lichess.fetchStudyPgn(id);
    if (result.isErr) return { api_data: { title: '', pgn: '' }, error: result.error.message };
    return { api_data: { title: studyTitle(result.value, id), pgn: result.value } };
  });

  app.get('/get-studies', auth, async (request) => {
    const userId = request.user!.id;
    try {
      const [white, black] = await Promise.all([findStudy(app, userId, 'white'), findStudy(app, userId, 'black')]);
      return { api_data: { white, black } };
    } catch (error) {
      request.log.error({ err: error }, 'get-studies failed');
      return { api_data: { white: null, black: null } };
    }
  });

  app.post('/update-study', auth, async (request) => {
    const input = updateStudySchema.parse(request.body);
    const color = parseColor(input.color);
    const symbols = parseExcludeSymbols(input.exclude_move_indicators ?? '');
    if (symbols.isErr) throw new BadRequestError(symbols.error.message);
    const studyText = input.study_text ?? null;
    let positions = 0;
    if (studyText !== null) {
      if (studyText.trim() === '') throw new BadRequestError('The study has no moves: study_text is empty');
      // Built (off the event loop for a large study) through the cache, with the options the drill
      // and the checks of the stored study use, so they find it warm.
      try {
        const rep = await repertoireFor(studyText, {
          color,
          excludeSymbols: symbols.value,
          name: input.title || undefined,
        });
        positions = rep.positions.size;
      } catch (error) {
        if (error instanceof UnreadablePgnError)
          throw new BadRequestError(`The study PGN could not be read: ${error.pgnMessage}`);
        throw error;
      }
    }
    const lastUpdate = input.last_update ? new Date(input.last_update) : new Date();
    if (Number.isNaN(lastUpdate.getTime())) throw new BadRequestError('last_update is not a date');
    const values = {
      title: input.title ?? '',
      link: input.link || null,
      studyText,
      excludeMoveIndicators: makeExcludeSymbols(symbols.value),
      lastUpdate,
    };
    await app.db
      .insert(studies)
      .values({ userId: request.user!.id, color, ...values })
      .onConflictDoUpdate({ target: [studies.userId, studies.color], set: values });
    // The deck follows the study; a very large study's deck goes on being written after the answer
    // (the drill screen's own sync waits for it), so storing never waits long on the drill.
    const userId = request.user!.id;
    const startSync = () => syncDrillAfterStudyChange(app, userId, color, studyText !== null);
    const waits = positions <= DRILL_SYNC_WAIT_MAX_POSITIONS;
    const sync = waits ? startSync() : delay(0).then(startSync);
    drillSyncs.add(sync);
    void sync.finally(() => drillSyncs.delete(sync));
    if (waits) await Promise.race([sync, delay(DRILL_SYNC_WAIT_MS, undefined, { ref: false })]);
    return { api_result: 'general_sql_success' };
  });
}
