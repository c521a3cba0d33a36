import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sourcesApi } from '@contract/repertoire-sources.js';
import { findStudyName, parseExcludeSymbols, parsePgn, type Color } from '../../chess/index.js';
import { syncDrillAfterStudyChange } from '../drill/drill-sync.js';
import { fieldList, fieldText, parseColor } from '../openings/multipart-fields.js';
import {
  addSource,
  listColorSources,
  patchSource,
  removeSource,
  replaceSource,
  ShrinkError,
  SourceNotFoundError,
  symbolsOf,
} from '../openings/repertoire-sources.js';
import { findSource, sourceView } from '../openings/sources-repository.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { lichessStudyId, NOT_A_STUDY_LINK } from '../sites/lichess-study-link.js';
import { playerSites } from '../sites/player-sites.js';
import { route } from './route.js';

/**
 * A colour's repertoire sources: list, add (a Lichess study or a PGN file), rename, switch on or off,
 * change exclusions, remove, refresh from Lichess. Each change writes the union every reader reads and
 * keeps the colour's drill deck in step (a source switched off retires its positions, history kept).
 */

/** How long a change waits for its drill deck before answering. */
const DRILL_SYNC_WAIT_MS = 1_500;

export const isConfirmed = (...values: unknown[]) =>
  values.some((v) => v === true || v === 1 || v === '1' || v === 'true');

/** A name from the text's tags: the study's name, or the first chapter's Event; undefined without. */
function nameFromText(text: string): string | undefined {
  const games = parsePgn(text);
  const headers = games.isOk ? games.value[0]?.headers : undefined;
  if (!headers) return undefined;
  const event = headers.get('Event');
  return findStudyName(headers) ?? (event && event !== '?' ? event : undefined);
}

export async function repertoireSourceRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };
  const drillSyncs = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...drillSyncs]);
  });

  /** The deck follows the sources; the answer waits for it a little, never long. */
  const followDrill = async (userId: number, color: Color, hasStudy: boolean) => {
    const sync = syncDrillAfterStudyChange(app, userId, color, hasStudy);
    drillSyncs.add(sync);
    void sync.finally(() => drillSyncs.delete(sync));
    await Promise.race([sync, delay(DRILL_SYNC_WAIT_MS, undefined, { ref: false })]);
  };

  /** Runs a change; a shrink not confirmed is answered 409 with both counts. */
  const shrinkAsks = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T | FastifyReply> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ShrinkError)
        return reply.code(409).send({ error: error.message, before: error.before, after: error.after });
      throw error;
    }
  };

  const fetchStudy = async (userId: number, link: string): Promise<string> => {
    const id = lichessStudyId(link, app.config.lichessUrl);
    if (!id) throw new BadRequestError(NOT_A_STUDY_LINK);
    const { lichess } = await playerSites(app, userId);
    const result = await lichess.fetchStudyPgn(id);
    if (result.isErr) throw new SiteError(`Lichess did not send the study (${result.error.message}): try again later`);
    return result.value;
  };

  route(app, sourcesApi.list, auth, async (request) => {
    const sources = await listColorSources(app, request.user!.id, request.query.color);
    return { api_data: sources.map(sourceView) };
  });

  route(app, sourcesApi.add, auth, async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    const userId = request.user!.id;
    const color = parseColor(fieldText(body, 'color'));
    const link = fieldText(body, 'link').trim() || null;
    // Only a link on Lichess is kept: the link decides which Lichess study "Save to Lichess" writes.
    if (link !== null && !lichessStudyId(link, app.config.lichessUrl)) throw new BadRequestError(NOT_A_STUDY_LINK);
    let text = fieldText(body, 'study_text') || fieldText(body, 'file');
    if (text.trim() === '' && link) {
      try {
        text = await fetchStudy(userId, link);
      } catch (error) {
        if (error instanceof SiteError) return reply.code(502).send({ error: error.message });
        throw error;
      }
    }
    if (text.trim() === '') throw new BadRequestError('Send a PGN file, study_text or a Lichess study link');
    const symbols = parseExcludeSymbols([
      ...fieldList(body, 'exclude_move_indicators'),
      ...fieldList(body, 'excludeSymbols'),
    ]);
    if (symbols.isErr) throw new BadRequestError(symbols.error.message);
    const given = (fieldText(body, 'title') || fieldText(body, 'name')).trim();
    if (given.length > 200) throw new BadRequestError('name is too long (at most 200 characters)');
    const name = given || nameFromText(text) || (link ? 'Lichess study' : 'Uploaded PGN');
    const input = {
      name,
      kind: link ? ('lichess' as const) : ('file' as const),
      link,
      text,
      exclusions: symbols.value,
    };
    const { source, hasStudy } = await addSource(app, userId, color, input);
    await followDrill(userId, color, hasStudy);
    return { api_data: sourceView(source) };
  });

  route(app, sourcesApi.patch, auth, async (request) => {
    const userId = request.user!.id;
    const { name, enabled, exclusions } = request.body;
    let symbols;
    if (exclusions !== undefined) {
      const parsed = parseExcludeSymbols(exclusions);
      if (parsed.isErr) throw new BadRequestError(parsed.error.message);
      symbols = parsed.value;
    }
    const { source, hasStudy } = await patchSource(app, userId, request.params.id, {
      name,
      enabled,
      exclusions: symbols,
    });
    await followDrill(userId, source.color, hasStudy);
    return { api_data: sourceView(source) };
  });

  route(app, sourcesApi.remove, auth, async (request) => {
    const userId = request.user!.id;
    const { color, hasStudy } = await removeSource(app, userId, request.params.id);
    await followDrill(userId, color, hasStudy);
    return { api_data: { removed: request.params.id } };
  });

  route(app, sourcesApi.refresh, auth, async (request, reply) => {
    const userId = request.user!.id;
    const found = await findSource(app.db, userId, request.params.id);
    if (!found) throw new SourceNotFoundError();
    if (found.kind !== 'lichess' || !found.link)
      throw new BadRequestError('This source came from a file: add the file again to change it');
    let text: string;
    try {
      text = await fetchStudy(userId, found.link);
    } catch (error) {
      if (error instanceof SiteError) return reply.code(502).send({ error: error.message });
      throw error;
    }
    const confirm = isConfirmed(request.query.confirm, request.body?.confirm);
    return shrinkAsks(reply, async () => {
      const input = { ...found, text, exclusions: symbolsOf(found.exclusions) };
      const { source, hasStudy } = await replaceSource(app, userId, found.color, input, { id: found.id, confirm });
      await followDrill(userId, found.color, hasStudy);
      return { api_data: sourceView(source) };
    });
  });
}

/** Lichess did not answer well: the source is left as it was. */
class SiteError extends Error {}
