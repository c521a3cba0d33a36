import type { Card, Grade, ReviewLog } from '../../../../chess/scheduling-types';
import { apiPostJson } from '../../../lib/api-client';
import type { DrillItem, DrillMove } from './types';

/** Scores a card on the server's clock (the same call as Card Review). */
export async function reviewCard(input: { id: string; rating: Grade }): Promise<{ card: Card; log: ReviewLog }> {
  return (await apiPostJson<{ api_data: { card: Card; log: ReviewLog } }>('/api/review-card', input)).api_data;
}

/** Grades a drill move on the server (the same call as the Drill screen): wrong rates Again. */
export async function answerDrill(input: {
  id: number;
  uci: string;
}): Promise<{ correct: boolean; answers: Pick<DrillMove, 'uci' | 'san'>[]; item: DrillItem }> {
  return (
    await apiPostJson<{ api_data: { correct: boolean; answers: Pick<DrillMove, 'uci' | 'san'>[]; item: DrillItem } }>(
      '/api/drill/answer',
      input,
    )
  ).api_data;
}
