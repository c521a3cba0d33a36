// The flashcards feature: the card review and edit screens, and the card editor other screens open.
export { CardEditor, type CardEditorProps } from './components/card-editor';
export { CardReviewScreen } from './components/card-review-screen';
export { EditCardsScreen } from './components/edit-cards-screen';
export type { CardEditorInitial } from './card-draft';
export { cardsQueryKey, getCardsQueryOptions, useCards } from './api/get-cards';
export { MakeCardNowButton } from './components/make-card-now-button';
