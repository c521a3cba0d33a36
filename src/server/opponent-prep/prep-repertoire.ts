import type { FastifyInstance } from 'fastify';
import type { Color, Repertoire } from '../../chess/index.js';
import { editedRepertoire } from '../repertoire/edited-repertoire.js';

/** The player's repertoire for a colour, their edits applied; undefined without a study. */
export function prepRepertoire(app: FastifyInstance, userId: number, color: Color): Promise<Repertoire | undefined> {
  return editedRepertoire(app, userId, color);
}
