import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { repertoireReportApi, type RepertoireReportAnswer, type ReportSource } from '@contract/repertoire-report';
import { callData } from '../../../lib/api';

/** Compares the chosen sources' games with the player's studies (the server fetches the site games). */
export async function runRepertoireReport(sources: ReportSource[]): Promise<RepertoireReportAnswer> {
  return callData(repertoireReportApi.run, { body: { sources } });
}

export type LastReport = { sources: ReportSource[]; report: RepertoireReportAnswer };

/**
 * The last report run, kept in the query cache (never fetched by itself) so that coming back from a
 * game shows it again without fetching the games anew.
 */
export const lastReportQueryOptions = queryOptions<LastReport | null>({
  queryKey: ['repertoire-report', 'last'],
  queryFn: () => null,
  enabled: false,
  staleTime: Infinity,
});

export function useLastReport() {
  return useQuery(lastReportQueryOptions).data ?? undefined;
}

/** A report is worked out on demand (it may fetch recent games), so it is a mutation; it becomes the last report. */
export function useRunRepertoireReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runRepertoireReport,
    onSuccess: (report, sources) => {
      const last: LastReport = { sources, report };
      queryClient.setQueryData(lastReportQueryOptions.queryKey, last);
    },
  });
}
