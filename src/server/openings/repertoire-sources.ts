import type { FastifyInstance } from 'fastify';
import type { SourceKind } from '@contract/repertoire-sources.js';
import { MAX_SOURCES_PER_COLOR } from '@contract/repertoire-sources.js';
import {
  combineSources,
  findUnreadToken,
  makeExcludeSymbols,
  parseExcludeSymbols,
  type Color,
  type ExcludeSymbol,
} from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { UnreadablePgnError, type RepertoireCache } from './repertoire-cache.js';
import { findStudyMd5, forgetStudyMd5 } from './studies-repository.js';
import {
  deleteSource,
  dropEdits,
  findSource,
  insertSource,
  listSources,
  listSourcesWithText,
  lockColor,
  savePositions,
  updateSource,
  writeUnion,
  type SourceRow,
  type SourceWithText,
} from './sources-repository.js';

/**
 * A colour's sources and the union every reader reads: each change checks the new text in full first
 * (a word the reader would step over, an illegal move: 400 naming game, move and token, nothing
 * stored), then, in one transaction holding the colour's lock, changes the source and writes the union
 * of the enabled sources into the colour's studies row: one source's text as it is, several combined
 * (combineSources: each chapter named by its source, each source's exclusions applied).
 */

/** A replacement that would leave a source with less than half its positions, not confirmed. */
export class ShrinkError extends Error {
  constructor(
    readonly before: number,
    readonly after: number,
  ) {
    super(
      `This would leave the source with ${after.toLocaleString('en-US')} positions instead of ` +
        `${before.toLocaleString('en-US')}: send it again with confirm=1 to replace it anyway`,
    );
  }
}

export class SourceNotFoundError extends Error {
  readonly statusCode = 404;
  constructor() {
    super('No such source');
  }
}

export interface SourceInput {
  name: string;
  kind: SourceKind;
  link: string | null;
  text: string;
  exclusions: readonly ExcludeSymbol[];
}

export const symbolsOf = (exclusions: string): ExcludeSymbol[] => {
  const parsed = parseExcludeSymbols(exclusions);
  return parsed.isOk ? parsed.value : [];
};

/** The positions of a text read in full; a 400 naming game, move and token when it does not read. */
export async function measureSource(
  repertoires: RepertoireCache,
  text: string,
  color: Color,
  exclusions: readonly ExcludeSymbol[],
): Promise<number> {
  if (text.trim() === '') throw new BadRequestError('The PGN has no moves: it is empty');
  const unread = findUnreadToken(text);
  if (unread) throw new BadRequestError(`The PGN could not be read: ${unread.message}`);
  try {
    const rep = await repertoires.repertoireFor(text, { color, excludeSymbols: exclusions });
    return rep.positions.size;
  } catch (error) {
    if (error instanceof UnreadablePgnError)
      throw new BadRequestError(`The PGN could not be read: ${error.pgnMessage}`);
    throw error;
  }
}

/** A source's positions: as stored, or counted now (a source made from a study by the migration). */
export async function positionsOf(
  repertoires: RepertoireCache,
  db: Db,
  userId: number,
  source: SourceWithText,
): Promise<number> {
  if (source.positions !== null) return source.positions;
  const rep = await repertoires.repertoireFor(source.studyText, {
    color: source.color,
    excludeSymbols: symbolsOf(source.exclusions),
  });
  await savePositions(db, userId, source.id, rep.positions.size);
  return rep.positions.size;
}

/**
 * The colour's sources in order, each with its positions counted. A study stored without sources (an
 * import) becomes the first source here.
 */
export async function listColorSources(app: FastifyInstance, userId: number, color: Color): Promise<SourceRow[]> {
  let sources = await listSources(app.db, userId, color);
  if (sources.length === 0 && (await findStudyMd5(app.db, app.openingsMemory.studyMd5s, userId, color)) !== undefined) {
    await changeSources(app, userId, color, async () => undefined);
    sources = await listSources(app.db, userId, color);
  }
  for (const source of sources) {
    if (source.positions !== null) continue;
    const found = await findSource(app.db, userId, source.id);
    if (found) source.positions = await positionsOf(app.repertoireCache, app.db, userId, found);
  }
  return sources;
}

/** Writes the union of the colour's enabled sources into its studies row; whether it has one. */
async function rewriteUnion(tx: Db, userId: number, color: Color, lastUpdate: Date): Promise<boolean> {
  const sources = await listSourcesWithText(tx, userId, color);
  const enabled = sources.filter((s) => s.enabled);
  let studyText: string | null = null;
  let excludeMoveIndicators = '';
  if (enabled.length === 1) {
    studyText = enabled[0].studyText;
    excludeMoveIndicators = enabled[0].exclusions;
  } else if (enabled.length > 1) {
    const combined = combineSources(
      enabled.map((s) => ({ name: s.name, text: s.studyText, excludeSymbols: symbolsOf(s.exclusions) })),
    );
    // Every source was read in full when stored.
    if (combined.isErr) throw combined.error;
    studyText = combined.value;
  }
  const lichess = enabled.find((s) => s.kind === 'lichess' && s.link);
  await writeUnion(tx, userId, color, {
    title: (enabled[0] ?? sources[0])?.name ?? '',
    link: lichess?.link ?? null,
    studyText,
    excludeMoveIndicators,
    lastUpdate,
  });
  return studyText !== null;
}

/** Runs `change` holding the colour's lock, then writes the union; whether the colour has a repertoire. */
async function changeSources<T>(
  app: FastifyInstance,
  userId: number,
  color: Color,
  change: (tx: Db) => Promise<T>,
  lastUpdate = new Date(),
): Promise<{ value: T; hasStudy: boolean }> {
  const result = await app.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockColor(tx, userId, color);
    const value = await change(tx);
    const hasStudy = await rewriteUnion(tx, userId, color, lastUpdate);
    return { value, hasStudy };
  });
  forgetStudyMd5(app.openingsMemory.studyMd5s, userId);
  return result;
}

export async function addSource(
  app: FastifyInstance,
  userId: number,
  color: Color,
  input: SourceInput,
): Promise<{ source: SourceRow; hasStudy: boolean }> {
  const positions = await measureSource(app.repertoireCache, input.text, color, input.exclusions);
  const { value, hasStudy } = await changeSources(app, userId, color, async (tx) => {
    const sources = await listSourcesWithText(tx, userId, color);
    if (sources.length >= MAX_SOURCES_PER_COLOR)
      throw new BadRequestError(
        `Your ${color} repertoire already has ${MAX_SOURCES_PER_COLOR} sources, the most it keeps: remove one first`,
      );
    return insertSource(tx, userId, color, { ...valuesOf(input), positions });
  });
  return { source: value, hasStudy };
}

const valuesOf = (input: SourceInput) => ({
  name: input.name,
  kind: input.kind,
  link: input.link,
  studyText: input.text,
  exclusions: makeExcludeSymbols(input.exclusions),
});

export interface ReplaceOptions {
  /** The source to replace; undefined for the colour's first (made when the colour has none). */
  id?: number;
  confirm: boolean;
  lastUpdate?: Date;
  /** A different study in place of the first drops the edits made to the one it replaces. */
  dropEditsOnNewLink?: boolean;
}

/** Replaces a source's text (a refresh, or update-study's first source); 409 (ShrinkError) below half. */
export async function replaceSource(
  app: FastifyInstance,
  userId: number,
  color: Color,
  input: SourceInput,
  options: ReplaceOptions,
): Promise<{ source: SourceRow; hasStudy: boolean }> {
  const positions = await measureSource(app.repertoireCache, input.text, color, input.exclusions);
  const { value, hasStudy } = await changeSources(
    app,
    userId,
    color,
    async (tx) => {
      const sources = await listSourcesWithText(tx, userId, color);
      const target = options.id === undefined ? sources[0] : sources.find((s) => s.id === options.id);
      if (!target) {
        if (options.id !== undefined) throw new SourceNotFoundError();
        return insertSource(tx, userId, color, { ...valuesOf(input), positions });
      }
      const before = await positionsOf(app.repertoireCache, tx, userId, target);
      if (!options.confirm && positions * 2 < before) throw new ShrinkError(before, positions);
      if (options.dropEditsOnNewLink && (target.link ?? null) !== (input.link ?? null))
        await dropEdits(tx, userId, color);
      const updated = await updateSource(tx, userId, target.id, {
        ...valuesOf(input),
        positions,
        updatedAt: options.lastUpdate ?? new Date(),
      });
      return updated!;
    },
    options.lastUpdate,
  );
  return { source: value, hasStudy };
}

export interface SourcePatch {
  name?: string;
  enabled?: boolean;
  exclusions?: readonly ExcludeSymbol[];
}

/** Renames, switches on or off, or changes the exclusions of a source. */
export async function patchSource(
  app: FastifyInstance,
  userId: number,
  id: number,
  patch: SourcePatch,
): Promise<{ source: SourceRow; hasStudy: boolean }> {
  const found = await findSource(app.db, userId, id);
  if (!found) throw new SourceNotFoundError();
  const positions =
    patch.exclusions === undefined
      ? undefined
      : await measureSource(app.repertoireCache, found.studyText, found.color, patch.exclusions);
  const { value, hasStudy } = await changeSources(app, userId, found.color, async (tx) => {
    const updated = await updateSource(tx, userId, id, {
      name: patch.name,
      enabled: patch.enabled,
      exclusions: patch.exclusions && makeExcludeSymbols(patch.exclusions),
      positions,
    });
    if (!updated) throw new SourceNotFoundError();
    return updated;
  });
  return { source: value, hasStudy };
}

/** Removes a source; its positions leave the drill with their history kept. */
export async function removeSource(
  app: FastifyInstance,
  userId: number,
  id: number,
): Promise<{ color: Color; hasStudy: boolean }> {
  const found = await findSource(app.db, userId, id);
  if (!found) throw new SourceNotFoundError();
  const { hasStudy } = await changeSources(app, userId, found.color, async (tx) => {
    if (!(await deleteSource(tx, userId, id))) throw new SourceNotFoundError();
  });
  return { color: found.color, hasStudy };
}

/** update-study's clear (study_text null): the colour's first source goes. */
export async function removeFirstSource(app: FastifyInstance, userId: number, color: Color): Promise<boolean> {
  const { hasStudy } = await changeSources(app, userId, color, async (tx) => {
    const [first] = await listSourcesWithText(tx, userId, color);
    if (first) await deleteSource(tx, userId, first.id);
  });
  return hasStudy;
}
