import type { Color } from '@contract/common';
import { useSources } from '../../../lib/repertoire-sources';
import type { StarterBuild } from '../api/get-starter';
import { useKeepAsEdits, useKeepAsSource } from '../api/keep-starter';
import { sourceTitle } from './starter-text';

/**
 * Keeping a build, as a source or as edits, and whether it was kept already: a source of its name
 * stored after the build ended (an earlier visit) counts as kept, so no second one is offered.
 */
export function useStarterKeeping(color: Color, build: StarterBuild | undefined) {
  const asSource = useKeepAsSource();
  const asEdits = useKeepAsEdits();
  const sources = useSources(color);
  const keptSource =
    asSource.data ??
    (build &&
      sources.data?.find(
        (s) =>
          s.name === sourceTitle(build.line) &&
          build.ended_at !== null &&
          Date.parse(s.updated_at) >= Date.parse(build.ended_at),
      ));
  const kept = keptSource !== undefined || asEdits.isSuccess;
  return {
    asSource,
    asEdits,
    keptSource,
    kept,
    // Not offered until the sources say whether it was kept already.
    offer: !kept && !sources.isPending,
    busy: asSource.isPending || asEdits.isPending,
    failure: asSource.error ?? asEdits.error,
  };
}
