import { DrillScreen } from '../features/drill';
import { PlayOn } from '../features/play-on';
import { gameReviewHref, repertoireHref } from './paths';

/** /drill: the drill, with links to the workshop and Play on from the end of a line. */
export function DrillPage() {
  return (
    <DrillScreen
      workshopHref={repertoireHref}
      renderPlayOn={(from, onClose) => (
        <PlayOn {...from} onClose={onClose} backTo="the drill" reviewHref={gameReviewHref} />
      )}
    />
  );
}
