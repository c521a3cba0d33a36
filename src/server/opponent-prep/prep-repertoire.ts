import type { FastifyInstance } from 'fastify';
import { parseExcludeSymbols, type Color, type Repertoire } from '../../chess/index.js';
import { repertoireFor } from '../openings/repertoire-cache.js';
import { findStudy } from '../routes/studies.js';

/** The player's repertoire for a colour (the stored study with its exclusions); undefined without a study. */
export async function prepRepertoire(
  app: FastifyInstance,
  userId: number,
  color: Color,
): Promise<Repertoire | undefined> {
  const study = await findStudy(app, userId, color);
  if (!study) return undefined;
  const symbols = parseExcludeSymbols(study.exclude_move_indicators);
  return repertoireFor(study.study_text, {
    color,
    excludeSymbols: symbols.isOk ? symbols.value : [],
    name: study.title || undefined,
  });
}
