import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CardEditor, type CardEditorInitial } from '../features/cards';
import { AddToDrillButton } from '../features/drill';
import { GameReviewScreen } from '../features/game-review';
import { OpeningPanel } from '../features/openings';
import { paths, repertoireHref } from './paths';

// The game review screen with the parts other features bring: the card editor behind 'Make Card'
// and the openings panel, whose comparison result also opens the card editor. A saved card is
// confirmed with a link to Card Review, for a few seconds: it sits over the page's foot (the board's
// last rank on a phone) and is not worth keeping there.
const SAVED_NOTE_MS = 8_000;

export function GameReviewPage() {
  const [openingCard, setOpeningCard] = useState<CardEditorInitial>();
  /** When the last card was saved: each save shows the note afresh. */
  const [cardSaved, setCardSaved] = useState<number>();
  const saved = () => setCardSaved(Date.now());
  useEffect(() => {
    if (cardSaved === undefined) return;
    const timer = setTimeout(() => setCardSaved(undefined), SAVED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [cardSaved]);
  return (
    <>
      <GameReviewScreen
        renderMakeCard={(position, close) => (
          <CardEditor
            initial={{ promptFen: position.fen, orientation: position.orientation, promptPgn: position.pgn }}
            onClose={close}
            onSaved={saved}
          />
        )}
        renderMistakeActions={(mistake, training) =>
          // Offered only where the server found the position in the player's repertoire.
          training?.in_repertoire &&
          mistake.fen && (
            <AddToDrillButton color={mistake.fen.split(' ')[1] === 'b' ? 'black' : 'white'} fen={mistake.fen} />
          )
        }
        cardHref={(id) => `${paths.manageCards}?card=${encodeURIComponent(id)}`}
        renderOpeningPanel={(review) => (
          <OpeningPanel
            game={
              review && {
                id: review.id,
                pgn: review.pgn,
                heroColor: review.hero_color,
                name:
                  review.hero_color === 'White'
                    ? `${review.username} vs. ${review.opponent_name}`
                    : `${review.opponent_name} vs. ${review.username}`,
              }
            }
            onMakeCard={setOpeningCard}
            workshopHref={repertoireHref}
          />
        )}
      />
      {openingCard && <CardEditor initial={openingCard} onClose={() => setOpeningCard(undefined)} onSaved={saved} />}
      {cardSaved !== undefined && (
        <div className="saved-note" role="status">
          Card saved. <Link to={paths.reviewCards}>Review cards</Link>
          <button
            type="button"
            className="button button-small"
            aria-label="Dismiss"
            onClick={() => setCardSaved(undefined)}
          >
            ×
          </button>
        </div>
      )}
    </>
  );
}
