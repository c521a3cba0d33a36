import { useState } from 'react';
import { Link } from 'react-router';
import { CardEditor, type CardEditorInitial } from '../features/cards';
import { AddToDrillButton } from '../features/drill';
import { GameReviewScreen } from '../features/game-review';
import { OpeningPanel } from '../features/openings';
import { paths, repertoireHref } from './paths';

// The game review screen with the parts other features bring: the card editor behind 'Make Card'
// and the openings panel, whose comparison result also opens the card editor. A saved card is
// confirmed with a link to Card Review.
export function GameReviewPage() {
  const [openingCard, setOpeningCard] = useState<CardEditorInitial>();
  const [cardSaved, setCardSaved] = useState(false);
  const saved = () => setCardSaved(true);
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
      {cardSaved && (
        <div className="saved-note" role="status">
          Card saved. <Link to={paths.reviewCards}>Review cards</Link>
          <button
            type="button"
            className="button button-small"
            aria-label="Dismiss"
            onClick={() => setCardSaved(false)}
          >
            ×
          </button>
        </div>
      )}
    </>
  );
}
