// The one client of POST /api/upsert-game-review, shared by game review and the repertoire report
// (which saves a site game so game review can open it).
import { gameReviewsApi, type GameReview, type UpsertGameReviewInput } from '@contract/game-reviews';
import { callData } from './api';

/** Saves a new review (no id) or changes fields of one (with id); answers the stored review. */
export function upsertGameReview(
  review: UpsertGameReviewInput,
  options: { keepalive?: boolean } = {},
): Promise<GameReview> {
  return callData(gameReviewsApi.upsertReview, { body: review }, options);
}
