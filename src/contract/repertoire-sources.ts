import { z } from 'zod';
import { apiData, color, formBody, formField, noBody } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * A colour's repertoire from several sources (Lichess studies or PGN files), read as one: every reader
 * reads the union of the enabled sources with the workshop's edits applied.
 *
 *   GET    /api/repertoire/sources?color=         -> {api_data: [RepertoireSourceView]} (ordinal order)
 *   POST   /api/repertoire/sources                JSON {color, link?, study_text, title?, exclude_move_indicators?}
 *                                                 or multipart {color, file (a PGN file), name?, excludeSymbols[]?}
 *                                                 -> {api_data: RepertoireSourceView}; 400 past 8 a colour
 *   PATCH  /api/repertoire/sources/:id            {name?, enabled?, exclusions?} -> {api_data: RepertoireSourceView}
 *   DELETE /api/repertoire/sources/:id            -> {api_data: {removed: id}}
 *   POST   /api/repertoire/sources/:id/refresh    (a Lichess source, with the player's token) -> {api_data: RepertoireSourceView}
 *
 * A text that does not read in full is refused 400 naming the game, move number and token. A refresh
 * (or update-study's replacement of the first source) that leaves a source with less than half its
 * positions answers 409 {error, before, after} unless the request carries confirm=1 (query or body).
 * Another player's id answers 404, as a missing one.
 */

/** Sources a colour keeps at most. */
export const MAX_SOURCES_PER_COLOR = 8;

const SOURCE_KINDS = ['lichess', 'file'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

const repertoireSourceView = z.object({
  id: z.number().int(),
  color,
  name: z.string(),
  kind: z.enum(SOURCE_KINDS),
  link: z.string().nullable(),
  /** Comma-joined subset of ?, ??, !?, ?! */
  exclusions: z.string(),
  enabled: z.boolean(),
  /** Positions of the source alone (with its exclusions). */
  positions: z.number().int(),
  /** ISO 8601: when its text was last stored. */
  updated_at: z.string(),
});
export type RepertoireSourceView = z.infer<typeof repertoireSourceView>;

/** The answer of a replacement that would shrink a source below half: ask, then send confirm=1. */
export interface ShrinkAnswer {
  error: string;
  before: number;
  after: number;
}

const sourcesQuery = z.object({ color });

const sourceParams = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647),
});

/** confirm=1 lets a shrinking refresh or replacement through. */
export const confirmQuery = z.object({ confirm: z.string().max(10).optional() });

/** JSON (update-study's fields) or multipart (a PGN file): the route reads and checks the values itself. */
const addSourceRequest = formBody({
  color: formField.optional(),
  link: formField.nullish(),
  study_text: formField.nullish(),
  file: formField.optional(),
  title: formField.nullish(),
  name: formField.nullish(),
  exclude_move_indicators: formField.nullish(),
  excludeSymbols: formField.optional(),
  'excludeSymbols[]': formField.optional(),
  confirm: z.union([formField, z.boolean(), z.number()]).optional(),
});

const patchSourceRequest = z
  .object({
    name: z.string().trim().min(1, 'name must not be empty').max(200, 'name is too long (at most 200 characters)'),
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    exclusions: z.union([z.string(), z.array(z.string())]),
  })
  .partial();

const refreshSourceRequest = z.object({ confirm: z.union([z.string(), z.boolean(), z.number()]).optional() }).nullish();

export const sourcesApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/repertoire/sources',
    query: sourcesQuery,
    answer: apiData(z.array(repertoireSourceView)),
  }),
  /** 502 when Lichess does not send the linked study. */
  add: endpoint({
    method: 'POST',
    path: '/api/repertoire/sources',
    body: addSourceRequest,
    answer: apiData(repertoireSourceView),
    errors: [400, 502],
  }),
  patch: endpoint({
    method: 'PATCH',
    path: '/api/repertoire/sources/:id',
    params: sourceParams,
    body: patchSourceRequest,
    answer: apiData(repertoireSourceView),
    errors: [400, 404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/repertoire/sources/:id',
    params: sourceParams,
    body: noBody,
    answer: apiData(z.object({ removed: z.number().int() })),
    errors: [404],
  }),
  /** 409 is a ShrinkAnswer; 502 when Lichess does not send the study. */
  refresh: endpoint({
    method: 'POST',
    path: '/api/repertoire/sources/:id/refresh',
    params: sourceParams,
    query: confirmQuery,
    body: refreshSourceRequest,
    answer: apiData(repertoireSourceView),
    errors: [400, 404, 409, 502],
  }),
};
