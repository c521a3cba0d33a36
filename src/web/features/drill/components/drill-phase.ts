import type { AnnotatedAnswer, DrillItem } from '../api/types';

/** Where a drill session is: setting up a position, teaching or asking an item, or answered. */
export type Phase =
  | { kind: 'loading' }
  | { kind: 'playing' }
  | { kind: 'learning'; item: DrillItem }
  | { kind: 'asking'; item: DrillItem }
  | { kind: 'checking'; item: DrillItem }
  /** waits: the study says something about the move, so the player goes on when ready. */
  | { kind: 'right'; item: DrillItem; san: string; answer?: AnnotatedAnswer; waits: boolean }
  | { kind: 'retry'; item: DrillItem }
  | { kind: 'finished' }
  | { kind: 'error'; message: string };
