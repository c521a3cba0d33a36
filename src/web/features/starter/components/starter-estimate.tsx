import { serverWords } from '../../../lib/api-client';
import { useStarterEstimate } from '../api/get-starter-estimate';
import { estimateText } from '../lib/starter-text';

/** "About 40–120 positions to look up, some 1–2 minutes at the explorer's pace", before the build starts. */
export function StarterEstimateLine({ goal }: { goal: number | undefined }) {
  const estimate = useStarterEstimate(goal);
  return (
    <p className="starter-estimate" aria-live="polite" data-testid="starter-estimate">
      {goal === undefined
        ? ''
        : estimate.data
          ? `${estimateText(estimate.data)}.`
          : estimate.isError
            ? `No estimate: ${serverWords(estimate.error)}`
            : 'Estimating…'}
    </p>
  );
}
