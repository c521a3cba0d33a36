import { z } from 'zod';
import { createHttpQueue, type HttpQueue } from './http-queue.js';
import { siteErr, siteOk, silentLogger, type SiteLogger, type SiteResult } from './site-error.js';

/**
 * Writing to a player's Lichess study with their token (scope study:write): import PGN as new
 * chapters, delete a chapter. Lichess answers a token without the scope with 403.
 *
 *   const writer = createStudyWriter({ baseUrl: 'https://lichess.org', token });
 *   const chapters = await writer.importPgn('abcdEFGH', { name, pgn, orientation: 'white' });
 */

export interface StudyWriterOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  logger?: SiteLogger;
  queue?: HttpQueue;
}

export interface ImportedChapter {
  id: string;
  name: string;
}

const importAnswer = z.object({
  chapters: z.array(z.object({ id: z.string(), name: z.string() }).passthrough()),
});

export interface StudyWriter {
  /** The chapters Lichess made of the PGN (one per game in it). */
  importPgn(
    studyId: string,
    chapter: { name: string; pgn: string; orientation: 'white' | 'black' },
  ): Promise<SiteResult<ImportedChapter[]>>;
  deleteChapter(studyId: string, chapterId: string): Promise<SiteResult<void>>;
}

const ID = /^[A-Za-z0-9]{8}$/;

export function createStudyWriter(options: StudyWriterOptions): StudyWriter {
  const base = options.baseUrl.replace(/\/+$/, '');
  const logger = options.logger ?? silentLogger;
  const queue = options.queue ?? createHttpQueue({ logger });
  const headers = { Authorization: `Bearer ${options.token}`, Accept: 'application/json' };
  const send = queue.send ?? createHttpQueue({ logger }).send!;

  return {
    async importPgn(studyId, chapter) {
      if (!ID.test(studyId)) return siteErr('bad-input', `not a Lichess study id: ${studyId}`);
      const result = await send(`${base}/api/study/${studyId}/import-pgn`, {
        method: 'POST',
        headers,
        timeoutMs: options.timeoutMs,
        form: { name: chapter.name, pgn: chapter.pgn, orientation: chapter.orientation, variant: 'standard' },
      });
      if (result.isErr) {
        logger.warn(
          { site: 'lichess', studyId, kind: result.error.kind, status: result.error.status, err: result.error.message },
          'Lichess study import failed',
        );
        return siteErr(result.error.kind, result.error.message, result.error.status);
      }
      let json: unknown;
      try {
        json = JSON.parse(result.value.text);
      } catch {
        json = undefined;
      }
      const parsed = importAnswer.safeParse(json);
      if (!parsed.success) return siteErr('bad-json', 'Lichess answered the chapter import with something unexpected');
      return siteOk(parsed.data.chapters.map(({ id, name }) => ({ id, name })));
    },

    async deleteChapter(studyId, chapterId) {
      if (!ID.test(studyId) || !ID.test(chapterId))
        return siteErr('bad-input', `not a Lichess chapter: ${studyId}/${chapterId}`);
      const result = await send(`${base}/api/study/${studyId}/${chapterId}`, {
        method: 'DELETE',
        headers,
        timeoutMs: options.timeoutMs,
      });
      if (result.isErr) {
        logger.warn(
          { site: 'lichess', studyId, chapterId, kind: result.error.kind, err: result.error.message },
          'Lichess chapter delete failed',
        );
        return siteErr(result.error.kind, result.error.message, result.error.status);
      }
      return siteOk(undefined);
    },
  };
}
