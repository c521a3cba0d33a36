// The one client of a colour's list of repertoire sources and of adding one, shared by Manage Openings,
// the repertoire workshop and the starter: one call and one cache entry per colour.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { sourcesApi, type RepertoireSourceView } from '@contract/repertoire-sources';
import { call, callData } from './api';

export type { RepertoireSourceView };

export const sourcesQueryKey = (color: Color) => ['repertoire-sources', color] as const;

/** The colour's repertoire sources, in order. */
export async function getSources(color: Color): Promise<RepertoireSourceView[]> {
  return (await callData(sourcesApi.list, { query: { color } })) ?? [];
}

export const getSourcesQueryOptions = (color: Color) =>
  queryOptions({ queryKey: sourcesQueryKey(color), queryFn: () => getSources(color) });

export const useSources = (color: Color) => useQuery(getSourcesQueryOptions(color));

/** A new source: a Lichess study (its link and text), a PGN file, or a PGN text made in the app. */
export type NewSource =
  | { color: Color; name: string; exclusions: string[]; kind: 'lichess'; link: string; text: string }
  | { color: Color; name: string; exclusions: string[]; kind: 'file'; file: File }
  | { color: Color; name: string; kind: 'pgn'; text: string };

export function addSource(source: NewSource) {
  if (source.kind === 'pgn')
    return call(sourcesApi.add, { body: { color: source.color, study_text: source.text, title: source.name } });
  if (source.kind === 'lichess')
    return call(sourcesApi.add, {
      body: {
        color: source.color,
        title: source.name,
        link: source.link,
        study_text: source.text || undefined,
        exclude_move_indicators: source.exclusions,
      },
    });
  // A file goes as multipart.
  const form = new FormData();
  form.append('color', source.color);
  form.append('name', source.name);
  form.append('file', source.file);
  for (const symbol of source.exclusions) form.append('excludeSymbols[]', symbol);
  return call(sourcesApi.add, { body: form });
}
