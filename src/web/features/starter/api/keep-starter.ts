import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import type { RepertoireSourceView } from '@contract/repertoire-sources';
import { starterApi, type StarterKeepAnswer } from '@contract/starter';
import { callData } from '../../../lib/api';
import { addSource } from '../../../lib/repertoire-sources';

export type { RepertoireSourceView, StarterKeepAnswer };

/** The latest build's lines added to the colour's study as edits (400 when it has no study). */
export async function keepStarterAsEdits(color: Color): Promise<StarterKeepAnswer> {
  return callData(starterApi.keep, { body: { color } });
}

/** The build's PGN as a new repertoire source of the colour (the colour's repertoire when it had none). */
export async function keepStarterAsSource(color: Color, pgn: string, title: string): Promise<RepertoireSourceView> {
  return (await addSource({ color, name: title, kind: 'pgn', text: pgn })).api_data;
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
