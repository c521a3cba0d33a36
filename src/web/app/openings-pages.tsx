import { useState } from 'react';
import { CardEditor, type CardEditorInitial } from '../features/cards';
import { AddToDrillButton } from '../features/drill';
import { ManageOpeningsPage, OpeningToolPage, type CoverageActions } from '../features/openings';
import { RepertoireCheck } from '../features/repertoire-check';
import { SuggestedAnswer } from '../features/suggested-answer';
import { repertoireHref } from './paths';

// The opening screens with the parts other features bring to their coverage "Study next" list: the
// card editor behind 'Make card', the drill's 'Add to drill' button, the Repertoire screen's link and
// the suggested answer.
function useCoverageActions(): [CoverageActions, CardEditorInitial | undefined, () => void] {
  const [card, setCard] = useState<CardEditorInitial>();
  const actions: CoverageActions = {
    onMakeCard: setCard,
    renderAddToDrill: (color, fen) => <AddToDrillButton color={color} fen={fen} />,
    workshopHref: repertoireHref,
    renderSuggestedAnswer: ({ color, fen, line, speeds, ratings }) => (
      <SuggestedAnswer color={color} fen={fen} line={line} filter={{ speeds, ratings }} />
    ),
  };
  return [actions, card, () => setCard(undefined)];
}

export function ManageOpeningsRoute() {
  const [actions, card, close] = useCoverageActions();
  return (
    <>
      <ManageOpeningsPage {...actions}>
        <RepertoireCheck workshopHref={repertoireHref} />
      </ManageOpeningsPage>
      {card && <CardEditor initial={card} onClose={close} />}
    </>
  );
}

export function OpeningToolRoute() {
  const [actions, card, close] = useCoverageActions();
  return (
    <>
      <OpeningToolPage {...actions} />
      {card && <CardEditor initial={card} onClose={close} />}
    </>
  );
}
