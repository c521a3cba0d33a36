// The card calls both the cards screens and Today's session make.
import { cardsApi, type Card, type Grade, type ReviewCardAnswer } from '@contract/cards';
import { callData } from './api';

/** The player's cards, sorted by due date (oldest first). */
export async function getCards(): Promise<Card[]> {
  return callData(cardsApi.list);
}

/** Scores a card; the server schedules it on its own clock and keeps the review log. */
export async function reviewCard(input: { id: string; rating: Grade }): Promise<ReviewCardAnswer> {
  // Kept alive: a grade on its way is not cancelled by a reload or a closed tab.
  return callData(cardsApi.review, { body: input }, { keepalive: true });
}
