import { useState } from 'react';
import { CardEditor, type CardEditorInitial } from '../features/cards';
import { AddToDrillButton } from '../features/drill';
import { lineWithMove, playedLabel, RepertoireReportScreen } from '../features/repertoire-report';
import { SuggestedAnswer } from '../features/suggested-answer';
import { paths, repertoireHref } from './paths';
import { plural } from '../lib/plural';

// Games vs repertoire with the practice other features bring: "Add to drill" for the player's own
// deviations, and the card editor behind "Make card" for an opponent's surprise (asked from the
// position after it, the player to answer); every row links to the Repertoire screen at its position.
export function RepertoireReportPage() {
  const [card, setCard] = useState<CardEditorInitial>();
  return (
    <>
      <RepertoireReportScreen
        manageOpeningsPath={paths.manageOpenings}
        gameReviewPath={paths.gameReview}
        workshopHref={repertoireHref}
        renderOwnAction={(d) => <AddToDrillButton key={`${d.color}|${d.fen}`} color={d.color} fen={d.fen} />}
        renderOpponentAction={(d) => (
          <>
            <button
              type="button"
              className="button"
              onClick={() =>
                setCard({
                  promptFen: d.fen_after,
                  orientation: d.color,
                  prompt: `After ${playedLabel(d)} (met in ${plural(d.count, 'game')}): what do you play?`,
                  promptPgn: lineWithMove(d),
                })
              }
            >
              Make card
            </button>
            <SuggestedAnswer color={d.color} fen={d.fen_after} line={lineWithMove(d)} />
          </>
        )}
      />
      {card && <CardEditor initial={card} onClose={() => setCard(undefined)} />}
    </>
  );
}
