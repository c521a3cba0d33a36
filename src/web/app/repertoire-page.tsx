import { PlayOn } from '../features/play-on';
import { RepertoireScreen } from '../features/repertoire';
import { StarterPreviewBanner } from '../features/starter';
import { SuggestedAnswer } from '../features/suggested-answer';
import { gameReviewHref, paths, repertoireHref } from './paths';

/**
 * /repertoire: the workshop, with the link to Manage Openings for a colour without a study, the
 * engine's check of the replies where the player is to move, Play on from the board's position, and
 * over a starter build's preview the ways to keep it.
 */
export function RepertoirePage() {
  return (
    <RepertoireScreen
      manageOpeningsPath={paths.manageOpenings}
      renderEngineCheck={({ color, fen, line, speeds, ratings }) => (
        <SuggestedAnswer
          key={fen}
          color={color}
          fen={fen}
          line={line}
          filter={{ speeds, ratings }}
          testId="engine-suggested-answer"
          checkOnly
        />
      )}
      renderPlayOn={(from, onClose) => (
        <PlayOn {...from} onClose={onClose} backTo="the repertoire" reviewHref={gameReviewHref} />
      )}
      renderStarterPreview={(color, build) => (
        <StarterPreviewBanner
          color={color}
          build={build}
          starterHref={`${paths.starter}?color=${color}`}
          keptHref={repertoireHref(color)}
        />
      )}
    />
  );
}
