import { useMutation } from '@tanstack/react-query';
import type {
  RepertoireReportAnswer,
  ReportSource,
} from '../../../../server/routes/repertoire-report-schemas';
import { apiPostJson } from '../../../lib/api-client';

/** Compares the chosen sources' games with the player's studies (the server fetches the site games). */
export async function runRepertoireReport(sources: ReportSource[]): Promise<RepertoireReportAnswer> {
  const answer = await apiPostJson<{ api_data: RepertoireReportAnswer }>('/api/repertoire-report', { sources });
  return answer.api_data;
}

/** A report is worked out on demand (it may fetch recent games), so it is a mutation, not a query. */
export function useRunRepertoireReport() {
  return useMutation({ mutationFn: runRepertoireReport });
}
