import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { additionsChapterName, type Color } from '../../chess/index.js';
import { PUSH_NEEDS_CONNECTION, type PushAnswer } from '@contract/repertoire.js';
import { deleteConnection, findConnection } from './lichess-connections.js';
import { studies } from '../db/schema.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { lichessStudyId } from '../sites/lichess-study-link.js';
import { createStudyWriter } from '../sites/lichess-study-write.js';
import { playerSites, TOKEN_REFUSED_MESSAGE } from '../sites/player-sites.js';
import { markPushed, noStudyMessage } from '../repertoire/edits-store.js';
import { editedPgnText } from '../repertoire/edited-pgn.js';
import { editedRepertoireState, type EditedState } from '../repertoire/edited-repertoire.js';

/**
 * "Save to Lichess": the additions chapter written to the player's Lichess study with their token. The
 * first time a new chapter is imported; later a new one is imported and then the previous one deleted
 * (import first, so the study never lacks the additions). Removals are not written: they stay here.
 */

export const RECONNECT_MESSAGE = 'Reconnect Lichess to allow writing to your studies';

/** A failure with the HTTP status to answer it with. */
export class PushError extends Error {
  constructor(
    readonly status: 409 | 502,
    message: string,
  ) {
    super(message);
  }
}

/** The colour's held edited repertoire (with the study text its base was built from); no study is a 400. */
export async function studyState(app: FastifyInstance, userId: number, color: Color): Promise<EditedState> {
  const state = await editedRepertoireState(app, userId, color);
  if (!state) throw new BadRequestError(noStudyMessage(color));
  return state;
}

/** A push holds its study row this long at most: a process killed mid-push blocks the next one no longer. */
export const PUSH_LEASE_SECONDS = 180;

/**
 * One push at a time per player and colour, across every process on the database: the study row's
 * lease is taken in one statement, so of two pushes at once (here or elsewhere) one answers 409.
 */
export async function pushAdditions(app: FastifyInstance, userId: number, color: Color): Promise<PushAnswer> {
  const ofStudy = and(eq(studies.userId, userId), eq(studies.color, color));
  const leased = await app.db
    .update(studies)
    .set({ pushingUntil: sql`now() + make_interval(secs => ${PUSH_LEASE_SECONDS})` })
    .where(and(ofStudy, or(isNull(studies.pushingUntil), lt(studies.pushingUntil, sql`now()`))))
    .returning({ color: studies.color });
  if (leased.length === 0) {
    await studyState(app, userId, color); // no study at all is a 400, not a push under way
    throw new PushError(409, `Your ${color} edits are being saved to Lichess already: wait a moment`);
  }
  try {
    return await pushOnce(app, userId, color);
  } finally {
    await app.db.update(studies).set({ pushingUntil: null }).where(ofStudy);
  }
}

/** The ids of the study's chapters with this name, read from its PGN (ChapterURL tags). */
async function chaptersNamed(app: FastifyInstance, userId: number, studyId: string, name: string): Promise<string[]> {
  const { lichess } = await playerSites(app, userId);
  const pgn = await lichess.fetchStudyPgn(studyId);
  if (pgn.isErr) return [];
  const ids: string[] = [];
  for (const game of pgn.value.split(/\n\n(?=\[)/)) {
    const named = /\[ChapterName "([^"]*)"\]/.exec(game)?.[1];
    const id = new RegExp(`\\[ChapterURL "[^"]*/study/${studyId}/([A-Za-z0-9]{8})"\\]`).exec(game)?.[1];
    if (named === name && id) ids.push(id);
  }
  return ids;
}

async function pushOnce(app: FastifyInstance, userId: number, color: Color): Promise<PushAnswer> {
  const state = await studyState(app, userId, color);
  const { config, log } = app;
  const studyId = lichessStudyId(state.study.link, config.lichessUrl);
  if (!studyId)
    throw new PushError(
      409,
      state.study.link
        ? `Your ${color} study's link is not a Lichess study: set the study again from Lichess, or download its PGN to keep your edits`
        : `Your ${color} study came from a file, not Lichess: download its PGN to keep your edits`,
    );
  const connection = await findConnection(app.db, config.sessionSecret, userId);
  if (!connection) throw new PushError(409, PUSH_NEEDS_CONNECTION);
  const writer = createStudyWriter({
    baseUrl: config.lichessUrl,
    token: connection.token,
    timeoutMs: config.siteTimeoutMs,
    logger: log,
    queue: app.siteQueues.lichess,
  });
  const [previousStudy, previousChapter] = (state.study.additionsChapter ?? '').split('/');
  const previous = previousStudy === studyId ? previousChapter : undefined;
  const lastId = state.edits.at(-1)?.id ?? 0;
  const pgn = await editedPgnText(state, false);

  const refused = async (status: number | undefined, message: string): Promise<never> => {
    if (status === 403) throw new PushError(409, RECONNECT_MESSAGE);
    if (status === 401) {
      log.warn({ userId }, 'Lichess refused a player token; the connection is forgotten');
      await deleteConnection(app.db, userId, connection.sealed);
      app.forgetCachedUser(userId);
      throw new PushError(409, TOKEN_REFUSED_MESSAGE);
    }
    throw new PushError(
      502,
      `Lichess did not save the chapter (${message}); your edits are kept here: try again later`,
    );
  };

  let chapterId: string | null = null;
  if (pgn !== '') {
    const name = additionsChapterName(color);
    const imported = await writer.importPgn(studyId, { name, pgn, orientation: color });
    if (imported.isErr) return refused(imported.error.status, imported.error.message);
    const chapter = imported.value.find((c) => c.name === name) ?? imported.value.at(-1);
    if (!chapter) return refused(undefined, 'no chapter was made');
    chapterId = chapter.id;
  }
  // Every older additions chapter goes: the one last recorded, and any a push cut off after Lichess
  // stored its chapter left behind (found by name in the study).
  const older = new Set(previous ? [previous] : []);
  for (const id of await chaptersNamed(app, userId, studyId, additionsChapterName(color))) older.add(id);
  if (chapterId) older.delete(chapterId);
  for (const id of older) {
    const deleted = await writer.deleteChapter(studyId, id);
    // The additions are saved either way; an old chapter that stays is the player's to delete.
    if (deleted.isErr && deleted.error.status !== 404) {
      if (chapterId === null && id === previous) return refused(deleted.error.status, deleted.error.message);
      log.warn({ userId, studyId, chapter: id }, 'an older additions chapter could not be deleted');
    }
  }
  await markPushed(app, userId, color, lastId, chapterId && `${studyId}/${chapterId}`);
  return { pushed: true, chapter_id: chapterId };
}
