// Suggested answers: the reply to play in a position, from the explorer at the player's level checked by the engine.
export { SuggestedAnswer, type SuggestedAnswerProps } from './components/suggested-answer';
