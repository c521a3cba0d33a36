import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { EXPORT_FORMAT, EXPORT_VERSION } from '@contract/account-data.js';
import { readFixture } from '../../../test/fixtures.js';
import { createRepertoireCache, WORKER_THRESHOLD_CHARS, type RepertoireCache } from '../openings/repertoire-cache.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { parseImportDocument } from './import-document.js';

// A study inside an account import is read as storing a study reads it: a large one on the worker
// pool, so the server's thread stays free for other players while it is parsed.

// 49 real games as one PGN (about 40 KB): read as a study, every game is a chapter.
const LARGE = readFixture('lichess/games_user_thibault_2025.pgn');
const SMALL = '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *';

const exportWith = (color: 'white' | 'black', studyText: string) => ({
  format: EXPORT_FORMAT,
  version: EXPORT_VERSION,
  studies: {
    [color]: {
      title: 'Imported study',
      link: null,
      study_text: studyText,
      exclude_move_indicators: '??',
      last_update: '2026-01-02T03:04:05.000Z',
    },
  },
});

let repertoires: RepertoireCache;
beforeEach(() => {
  repertoires = createRepertoireCache();
});
afterEach(() => repertoires.close());

describe('parseImportDocument', () => {
  test('a large study is parsed by a worker thread of the pool', async () => {
    expect(LARGE.length).toBeGreaterThan(WORKER_THRESHOLD_CHARS);
    const before = repertoires.counters().workerBuilds;
    const doc = await parseImportDocument(exportWith('black', LARGE), repertoires);
    expect(doc.studies.black?.study_text).toBe(LARGE);
    expect(repertoires.counters().workerBuilds - before).toBe(1);
  });

  test('a small study is read in place, without a worker', async () => {
    const before = repertoires.counters();
    const doc = await parseImportDocument(exportWith('white', SMALL), repertoires);
    expect(doc.studies.white?.study_text).toBe(SMALL);
    const after = repertoires.counters();
    expect(after.builds - before.builds).toBe(1);
    expect(after.workerBuilds).toBe(before.workerBuilds);
  });

  test('a large study the worker cannot read is a 400 naming the study', async () => {
    const broken = `${LARGE}\n\n[Event "Broken"]\n\n1. e4 e5 2. Ke3 *`;
    const failure = await parseImportDocument(exportWith('white', broken), repertoires).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(BadRequestError);
    expect((failure as Error).message).toMatch(/^studies\.white: study_text: /);
  });
});
