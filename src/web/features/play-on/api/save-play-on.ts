import { useMutation } from '@tanstack/react-query';
import type { GameReview } from '@contract/game-reviews';
import { upsertGameReview } from '../../../lib/game-reviews';
import { heroResult, makePlayOnPgn, PLAY_ON_EVENT, type PlayOnRecord } from '../lib/play-on-pgn';

/**
 * Saves the game as a new game review, or with `id` the moves since onto that review. No link: a game
 * played here has no page on a site, and a review without a link is never taken for another one.
 */
export function savePlayOn({ record, id }: { record: PlayOnRecord; id?: number }): Promise<GameReview> {
  const game = {
    pgn: makePlayOnPgn(record),
    opponent_name: record.opponentName,
    result: heroResult(record.end, record.hero),
    how_resolved: record.end?.reason ?? null,
  };
  if (id !== undefined) return upsertGameReview({ id, ...game });
  return upsertGameReview({
    ...game,
    hero_color: record.hero,
    username: record.heroName,
    date_time_played: record.playedAt.toISOString(),
    site: PLAY_ON_EVENT,
    link: null,
  });
}

export const useSavePlayOn = () => useMutation({ mutationFn: savePlayOn });
