// Shapes of the drill calls, from the API contract.
export type {
  AnnotatedAnswer,
  DrillAnswer,
  DrillAnswerResult,
  DrillItem,
  DrillLine,
  DrillStats,
  DrillSyncResult,
} from '@contract/drill';
export type { DrillReplies } from '@contract/drill-lines';
export type { Color as DrillColor } from '@contract/common';

export const drillQueryKey = ['drill'] as const;
