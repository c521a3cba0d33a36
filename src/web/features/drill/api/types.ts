// Shapes of the drill calls (DESIGN section 4), as the server sends them.
import type { DrillColor } from './focus-drill';

export type { DrillColor };

export type DrillAnswer = { uci: string; san: string };

export type DrillItem = {
  id: number;
  color: DrillColor;
  fen: string;
  /** Movetext of a shortest line to the position ('' at a chapter start). */
  line: string;
  move_number: number;
  answers: DrillAnswer[];
  /** 0 New, 1 Learning, 2 Review, 3 Relearning. */
  state: number;
  due: string;
  reps: number;
  lapses: number;
  /** The study changed this position's answers (or the player asked to drill it). */
  changed: boolean;
  chapters: { name: string; url: string | null }[];
};

export type DrillStats = {
  total: number;
  new: number;
  learning: number;
  review: number;
  due_now: number;
  retired: number;
  new_today: number;
  new_per_day: number;
  new_left: number;
  next_due: string | null;
};

export type DrillLine = {
  start_fen: string;
  moves: { uci: string; san: string; by: 'player' | 'opponent' }[];
  ask: DrillItem | null;
};

export type DrillAnswerResult = { correct: boolean; answers: DrillAnswer[]; item: DrillItem };

export type DrillSyncResult = { added: number; retired: number; changed: number; returned: number; total: number };

export const drillQueryKey = ['drill'] as const;
