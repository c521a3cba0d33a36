import type { DrillChapterLink, DrillItem } from '@contract/drill.js';
import type { drillItems } from '../db/schema.js';

/** A stored drill item, and the item as the drill calls answer with it. */
export type DrillItemRow = typeof drillItems.$inferSelect;

export const toItemPayload = (row: DrillItemRow): DrillItem => ({
  id: row.id,
  color: row.color,
  fen: row.fen,
  line: row.line,
  move_number: row.moveNumber,
  answers: (row.answers as { uci: string; san: string }[]).map((a) => ({ uci: a.uci, san: a.san })),
  state: row.state,
  due: row.due.toISOString(),
  reps: row.reps,
  lapses: row.lapses,
  changed: row.changedAt !== null,
  chapters: row.chapters as DrillChapterLink[],
});
