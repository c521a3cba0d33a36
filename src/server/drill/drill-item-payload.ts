import type { FastifyInstance } from 'fastify';
import { drillItem, type DrillAnswer, type DrillChapterLink, type DrillItem, type DrillTrap } from '@contract/drill.js';
import { branchBefore, type Color, type Repertoire } from '../../chess/index.js';
import { annotatedAnswers, beforeOf } from './drill-annotations.js';
import { openingOfFen } from '../openings/opening-names.js';

/** A stored drill item as the drill serves it: what its answer carries, and what choosing New items reads. */
export interface DrillItemRow {
  id: number;
  color: Color;
  positionKey: string;
  fen: string;
  line: string;
  moveNumber: number;
  answers: DrillAnswer[];
  chapters: DrillChapterLink[];
  state: number;
  due: Date;
  reps: number;
  lapses: number;
  changedAt: Date | null;
  retiredAt: Date | null;
}

/**
 * The item as served, with the annotations of `rep` (the repertoire its deck came from; none without it)
 * and the trap that reaches it, if any (by position key).
 */
export const toItemPayload = (
  app: FastifyInstance,
  row: DrillItemRow,
  rep?: Repertoire,
  traps?: ReadonlyMap<string, DrillTrap>,
): DrillItem => ({
  id: row.id,
  color: row.color,
  fen: row.fen,
  line: row.line,
  move_number: row.moveNumber,
  answers: annotatedAnswers(rep, row.positionKey, row.answers),
  before: beforeOf(app, rep, row.positionKey),
  state: row.state,
  due: row.due.toISOString(),
  reps: row.reps,
  lapses: row.lapses,
  changed: row.changedAt !== null,
  chapters: row.chapters,
  opening: openingOfFen(app, row.fen, row.line),
  trap: traps?.get(row.positionKey) ?? null,
  branch: rep ? branchOf(rep, row.line) : null,
});

/**
 * An item's JSON as its endpoint's schema writes it (drillItem), kept with the row for the repertoire and
 * traps it was made from: a row served again unchanged (drill-queue: kept rows) is not made or checked again.
 */
export function servedItemJson(
  app: FastifyInstance,
  row: DrillItemRow,
  rep?: Repertoire,
  traps?: ReadonlyMap<string, DrillTrap>,
): string {
  const kept = app.drillMemory.itemJson.get(row);
  if (kept && kept.rep === rep && kept.traps === traps) return kept.json;
  const encoded = drillItem.safeEncode(toItemPayload(app, row, rep, traps));
  // A bug, as the route serializer would report it: never the player's doing.
  if (!encoded.success) throw new Error(`drill item ${row.id} does not fit its schema`, { cause: encoded.error });
  const json = JSON.stringify(encoded.data);
  app.drillMemory.itemJson.set(row, { rep, traps, json });
  return json;
}

function branchOf(rep: Repertoire, line: string): DrillItem['branch'] {
  const found = branchBefore(rep, line);
  const fen = found && rep.positions.get(found.key)?.fen;
  return found && fen ? { fen, replies: found.replies } : null;
}
