import { buildRepertoireFromPgn, type Repertoire, type RepertoireOptions } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';

/**
 * The one way the server turns opening text into a repertoire (forms, stored studies, drill, reports).
 * A PGN that cannot be read is a BadRequestError (400).
 */
export async function repertoireFor(text: string, options: RepertoireOptions): Promise<Repertoire> {
  const built = buildRepertoireFromPgn(text, options);
  if (built.isErr) throw new BadRequestError(`The opening PGN could not be read: ${built.error.message}`);
  return built.value;
}
