import { useQuery } from '@tanstack/react-query';
import type { OpeningNameAnswer } from '@contract/common';
import { repertoireApi } from '@contract/repertoire';
import { callData } from './api';

/**
 * The openings of lines (movetext from the start), named by the server from its opening data: one
 * call for a screen's lines, kept for the session (names never change).
 *
 *   const names = useOpeningNames(rows.map((r) => r.line));
 *   names.get(row.line) // {eco, name} | null; undefined while loading
 */
export function useOpeningNames(lines: readonly string[]): Map<string, OpeningNameAnswer> {
  const unique = [...new Set(lines)].slice(0, 200);
  const answer = useQuery({
    queryKey: ['opening-names', unique],
    queryFn: () => callData(repertoireApi.openings, { body: { lines: unique } }),
    enabled: unique.length > 0,
    staleTime: Infinity,
  });
  return new Map(answer.data ? unique.map((line, i) => [line, answer.data[i] ?? null]) : []);
}
