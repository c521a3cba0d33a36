import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { studiesApi, type StudyUpdateAnswer } from '@contract/studies.js';
import { parseExcludeSymbols, parsePgn, findStudyName, findUnreadToken } from '../../chess/index.js';
import { findStudy } from '../openings/studies-repository.js';
import { removeFirstSource, replaceSource, ShrinkError } from '../openings/repertoire-sources.js';
import { isConfirmed } from './repertoire-sources.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { syncDrillAfterStudyChange } from '../drill/drill-sync.js';
import { playerSites } from '../sites/player-sites.js';
import { siteBusy } from '../sites/site-busy.js';
import { noPlayerMessage } from '../sites/unknown-player.js';
import { lichessStudyId, NOT_A_STUDY_LINK } from '../sites/lichess-study-link.js';
import { UnreadablePgnError } from '../openings/repertoire-cache.js';
import { route } from './route.js';

/**
 * Opening studies: the user's Lichess study list and study text (fetched by the server with the
 * player's own token when they connected Lichess, so private studies appear; no token leaves it), and the one study per colour kept for each user (get-studies, update-study).
 */

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

  route(app, studiesApi.lichessStudies, auth, async (request, reply) => {
    const username = (request.query.username ?? '').trim();
    if (!username) return reply.code(400).send({ error: 'A Lichess username is required to list studies' });
    const { lichess, token } = await playerSites(app, request.user!.id);
    const busy = siteBusy(app.siteQueues.lichess, app.config.lichessUrl, 'Lichess', token);
    if (busy) return { api_data: [], error: busy, busy: true };
    const result = await lichess.listStudies(username);
    // A failed study fetch is logged (by the client) and gives an empty list, with what failed: a site
    // that is down must not read as a player without studies.
    if (result.isErr) {
      if (result.error.status === 404) return { api_data: [], error: noPlayerMessage('Lichess', username) };
      // A refused token says so itself: the player must connect again, not try again.
      if (result.error.status === 401) return { api_data: [], error: result.error.message };
      return { api_data: [], error: `Lichess did not send the study list (${result.error.message}): try again later` };
    }
    return { api_data: result.value };
  });

  route(app, studiesApi.lichessStudy, auth, async (request) => {
    const { id } = request.params;
    const { lichess, token } = await playerSites(app, request.user!.id);
    const busy = siteBusy(app.siteQueues.lichess, app.config.lichessUrl, 'Lichess', token);
    if (busy) return { api_data: { title: '', pgn: '' }, error: busy, busy: true };
    const result = await lichess.fetchStudyPgn(id);
    if (result.isErr) return { api_data: { title: '', pgn: '' }, error: result.error.message };
    return { api_data: { title: studyTitle(result.value, id), pgn: result.value } };
  });

  route(app, studiesApi.studies, auth, async (request) => {
    const userId = request.user!.id;
    try {
      const [white, black] = await Promise.all([
        findStudy(app.db, userId, 'white'),
        findStudy(app.db, userId, 'black'),
      ]);
      return { api_data: { white, black } };
    } catch (error) {
      request.log.error({ err: error }, 'get-studies failed');
      return { api_data: { white: null, black: null } };
    }
  });

  route(app, studiesApi.updateStudy, auth, async (request, reply) => {
    const input = request.body;
    const { color } = input;
    const symbols = parseExcludeSymbols(input.exclude_move_indicators ?? '');
    if (symbols.isErr) throw new BadRequestError(symbols.error.message);
    const studyText = input.study_text ?? null;
    // Only a link on Lichess is kept: the link decides which Lichess study "Save to Lichess" writes.
    if (input.link && !lichessStudyId(input.link, app.config.lichessUrl)) throw new BadRequestError(NOT_A_STUDY_LINK);
    let positions = 0;
    if (studyText !== null) {
      if (studyText.trim() === '') throw new BadRequestError('The study has no moves: study_text is empty');
      // A word the reader would step over would silently cut the repertoire short.
      const unread = findUnreadToken(studyText);
      if (unread) throw new BadRequestError(`The study PGN could not be read: ${unread.message}`);
      // Built (off the event loop for a large study) through the cache, with the options the drill
      // and the checks of the stored study use, so they find it warm.
      try {
        const rep = await app.repertoireCache.repertoireFor(studyText, {
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
    const userId = request.user!.id;
    const link = input.link || null;
    let hasStudy: boolean;
    if (studyText === null) hasStudy = await removeFirstSource(app, userId, color);
    else {
      const name = input.title || studyTitle(studyText, link ? 'Lichess study' : 'Uploaded PGN');
      const source = { name, kind: link ? ('lichess' as const) : ('file' as const), link, text: studyText };
      const confirm = isConfirmed(request.query.confirm, input.confirm);
      try {
        const options = { confirm, lastUpdate, dropEditsOnNewLink: true };
        ({ hasStudy } = await replaceSource(app, userId, color, { ...source, exclusions: symbols.value }, options));
      } catch (error) {
        if (error instanceof ShrinkError)
          return reply.code(409).send({ error: error.message, before: error.before, after: error.after });
        throw error;
      }
    }
    // The deck follows the study; a very large study's deck goes on being written after the answer
    // (the drill screen's own sync waits for it), so storing never waits long on the drill.
    const startSync = () => syncDrillAfterStudyChange(app, userId, color, hasStudy);
    const waits = positions <= DRILL_SYNC_WAIT_MAX_POSITIONS;
    const sync = waits ? startSync() : delay(0).then(startSync);
    drillSyncs.add(sync);
    void sync.finally(() => drillSyncs.delete(sync));
    if (waits) await Promise.race([sync, delay(DRILL_SYNC_WAIT_MS, undefined, { ref: false })]);
    return { api_result: 'general_sql_success' } satisfies StudyUpdateAnswer;
  });
}
