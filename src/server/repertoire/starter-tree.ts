import type { FastifyInstance } from 'fastify';
import type { Color, Repertoire } from '../../chess/index.js';
import { buildPgn, buildSavedAt } from './starter-builds-repository.js';

/**
 * A starter build's tree as a repertoire, to step through it in the workshop before it is kept. It is
 * read from the build's PGN once per save and held in app.repertoireMemory, so each position asked
 * costs one small query (when the build was last saved) and no parse.
 */

export interface StarterTree {
  /** The build's updated_at (ms) the tree was read at. */
  savedAt: number;
  /** Undefined while the build has found nothing (an empty PGN). */
  rep: Repertoire | undefined;
}

/** The player's build `build` of the colour as a tree; undefined when they have no such build. */
export async function starterTree(
  app: FastifyInstance,
  userId: number,
  color: Color,
  build: string,
): Promise<StarterTree | undefined> {
  const held = app.repertoireMemory.starterTrees;
  const key = `${userId}:${color}:${build}`;
  const savedAt = await buildSavedAt(app.db, userId, color, build);
  if (!savedAt) {
    held.delete(key);
    return undefined;
  }
  const known = held.get(key);
  if (known?.savedAt === savedAt.getTime()) return known;
  const stored = await buildPgn(app.db, userId, color, build);
  if (!stored) return undefined;
  const tree: StarterTree = {
    savedAt: stored.savedAt.getTime(),
    rep: stored.pgn.trim() === '' ? undefined : await app.repertoireCache.repertoireFor(stored.pgn, { color }),
  };
  held.set(key, tree);
  return tree;
}
