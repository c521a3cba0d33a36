import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import type { RepertoireSourceView } from '@contract/repertoire-sources';
import type { StarterKeepAnswer } from '@contract/starter';
import { apiPostJson } from '../../../lib/api-client';

export type { RepertoireSourceView, StarterKeepAnswer };

/** The latest build's lines added to the colour's study as edits (400 when it has no study). */
export async function keepStarterAsEdits(color: Color): Promise<StarterKeepAnswer> {
  return (await apiPostJson<{ api_data: StarterKeepAnswer }>('/api/repertoire/starter/keep', { color })).api_data;
}

/** The build's PGN as a new repertoire source of the colour (the colour's repertoire when it had none). */
export async function keepStarterAsSource(color: Color, pgn: string, title: string): Promise<RepertoireSourceView> {
  const answer = await apiPostJson<{ api_data: RepertoireSourceView }>('/api/repertoire/sources', {
    color,
    study_text: pgn,
    title,
  });
  return answer.api_data;
}

// Either way the colour's repertoire changed: every screen's data about it is read again (studies,
// sources, the drill, the workshop).
function useRepertoireChange<A, R>(mutationFn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries() });
}

export const useKeepAsEdits = () => useRepertoireChange(({ color }: { color: Color }) => keepStarterAsEdits(color));

export const useKeepAsSource = () =>
  useRepertoireChange(({ color, pgn, title }: { color: Color; pgn: string; title: string }) =>
    keepStarterAsSource(color, pgn, title),
  );
