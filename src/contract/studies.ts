import { z } from 'zod';
import { apiData, color, colorField } from './common.js';
import { endpoint } from './endpoint.js';
import { httpLink } from './http-link.js';
import { confirmQuery } from './repertoire-sources.js';

/**
 * Opening studies: a Lichess user's study list and one study's text (fetched by the server, with the
 * player's own token when they connected Lichess, so private studies appear), and the one study per
 * colour the player keeps.
 *
 *   GET  /api/lichess/studies?username=U -> {api_data: [StudySummary]}; 400 without a username;
 *                                            {api_data: [], error} when Lichess fails
 *   GET  /api/lichess/study/:id          -> {api_data: {title, pgn}} (empty with `error` when Lichess fails)
 *   GET  /api/get-studies                -> {api_data: {white: Study | null, black: Study | null}}
 *   POST /api/update-study  StudyUpdate  -> {api_result: 'general_sql_success'}; replaces the colour's first
 *                                            repertoire source (study_text null removes it); 409 {error, before,
 *                                            after} when it would keep less than half its positions, unless confirm=1
 */

const studiesQuery = z.object({ username: z.string().max(100).optional() });

/** Lichess study ids are 8 letters and digits; anything else never reaches Lichess. */
const studyParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9]{8}$/, 'not a Lichess study id (8 letters and digits)'),
});

const updateStudyRequest = z.object({
  color: colorField,
  exclude_move_indicators: z.union([z.string(), z.array(z.string())]).nullish(),
  link: httpLink(2000).nullish(),
  study_text: z.string().nullish(),
  title: z.string().max(500).nullish(),
  last_update: z.union([z.string(), z.number()]).nullish(),
  /** 1: replace the first source even when it would keep less than half its positions. */
  confirm: z.union([z.string(), z.boolean(), z.number()]).nullish(),
});
export type StudyUpdate = z.input<typeof updateStudyRequest>;

const studySummary = z.object({ id: z.string(), name: z.string() });
export type StudySummary = z.infer<typeof studySummary>;

const lichessStudy = z.object({ title: z.string(), pgn: z.string() });
export type LichessStudy = z.infer<typeof lichessStudy>;

/** One side's study as get-studies returns it. */
const study = z.object({
  color,
  title: z.string(),
  link: z.string().nullable(),
  study_text: z.string(),
  exclude_move_indicators: z.string(),
  /** ISO 8601. */
  last_update: z.string(),
});
export type Study = z.infer<typeof study>;

const studies = z.object({ white: study.nullable(), black: study.nullable() });
export type Studies = z.infer<typeof studies>;

/** Answers from Lichess carry `error` when it failed, and `busy` while it rests after a 429. */
const siteAnswer = <T extends z.ZodType>(data: T) =>
  z.object({ api_data: data, error: z.string().optional(), busy: z.boolean().optional() });

/** Answer of POST /api/update-study. */
const studyUpdateAnswer = z.object({ api_result: z.literal('general_sql_success') });
export type StudyUpdateAnswer = z.infer<typeof studyUpdateAnswer>;

export const studiesApi = {
  lichessStudies: endpoint({
    method: 'GET',
    path: '/api/lichess/studies',
    query: studiesQuery,
    answer: siteAnswer(z.array(studySummary)),
    errors: [400],
  }),
  lichessStudy: endpoint({
    method: 'GET',
    path: '/api/lichess/study/:id',
    params: studyParams,
    answer: siteAnswer(lichessStudy),
  }),
  studies: endpoint({ method: 'GET', path: '/api/get-studies', answer: apiData(studies) }),
  /** `confirm` may come in the query or the body. */
  updateStudy: endpoint({
    method: 'POST',
    path: '/api/update-study',
    query: confirmQuery,
    body: updateStudyRequest,
    answer: studyUpdateAnswer,
    errors: [400, 409],
  }),
};
