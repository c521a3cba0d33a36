import type { AnnotatedAnswer, DrillItem as ContractDrillItem } from '@contract/drill';

// The drill's item as GET /api/drill/next sends it (the fields a training session uses).
export type DrillMove = AnnotatedAnswer;

export type DrillItem = Pick<
  ContractDrillItem,
  | 'id'
  | 'color'
  | 'fen'
  | 'line'
  | 'move_number'
  | 'answers'
  | 'before'
  | 'state'
  | 'due'
  | 'changed'
  | 'opening'
  | 'trap'
>;
