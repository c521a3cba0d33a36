import { useState } from 'react';
import { CardEditor, type CardEditorInitial } from '../features/cards';
import { GameReviewScreen } from '../features/game-review';
import { OpeningPanel } from '../features/openings';

// The game review screen with the parts other features bring: the card editor behind 'Make Card'
// and the openings panel, whose comparison result also opens the card editor.
export function GameReviewPage() {
  const [openingCard, setOpeningCard] = useState<CardEditorInitial>();
  return (
    <>
      <GameReviewScreen
        renderMakeCard={(position, close) => (
          <CardEditor initial={{ promptFen: position.fen, orientation: position.orientation, promptPgn: position.pgn }} onClose={close} />
        )}
        renderOpeningPanel={(review) => (
          <OpeningPanel
            game={
              review && {
                id: review.id,
                pgn: review.pgn,
                heroColor: review.hero_color,
                name:
                  review.hero_color === 'White' ? `${review.username} vs. ${review.opponent_name}` : `${review.opponent_name} vs. ${review.username}`,
              }
            }
            onMakeCard={setOpeningCard}
          />
        )}
      />
      {openingCard && <CardEditor initial={openingCard} onClose={() => setOpeningCard(undefined)} />}
    </>
  );
}
