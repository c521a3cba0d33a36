import type { FastifyInstance } from 'fastify';
import type { AnnotatedAnswer, DrillAnswer, MoveComment } from '@contract/drill.js';
import { moveAnnotation, notesInto, NOTHING_BEFORE, type Color, type Repertoire } from '../../chess/index.js';
import { expectedDeck } from './drill-source.js';
import { syncedDeck } from './drill-sync.js';

/**
 * The study's own words on drill items: the comment and shapes of the moves that lead to an item's
 * position, and each answer's comment, shapes and glyphs, read from the repertoire the deck came from.
 */

/** What is said about the moves into the position, worked out once per repertoire (app.drillMemory). */
export function beforeOf(app: FastifyInstance, rep: Repertoire | undefined, key: string): MoveComment {
  if (rep === undefined || (rep.notes.size === 0 && !rep.chapters.some((c) => c.intro))) return NOTHING_BEFORE;
  const into = app.drillMemory.notesInto;
  let byKey = into.get(rep);
  if (!byKey) into.set(rep, (byKey = notesInto(rep)));
  return byKey.get(key) ?? NOTHING_BEFORE;
}

export function annotatedAnswers(
  rep: Repertoire | undefined,
  key: string,
  answers: readonly DrillAnswer[],
): AnnotatedAnswer[] {
  return answers.map(({ uci, san }) => {
    if (rep === undefined) return { uci, san, comment: '', shapes: [], glyphs: [] };
    const { comment, shapes, glyphs } = moveAnnotation(rep, key, uci);
    return { uci, san, comment, shapes, glyphs };
  });
}

/**
 * The repertoire behind the colour's drill items: the deck last served while it is in memory (a drill
 * call has just read or synced it), else the synced deck's; undefined without a study.
 */
export async function drillRepertoire(
  app: FastifyInstance,
  userId: number,
  color: Color,
): Promise<Repertoire | undefined> {
  const expected = await expectedDeck(app, userId, color);
  if (expected) return expected.source.rep;
  return (await syncedDeck(app, userId, color))?.rep;
}
