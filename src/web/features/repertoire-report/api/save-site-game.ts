import { useMutation } from '@tanstack/react-query';
import { upsertGameReview } from '../../../lib/game-reviews';
import { fetchRecentGames } from '../../../lib/recent-games';

/**
 * Saves a recent Lichess or Chess.com game as a review (as the game picker does), so game review can
 * open it; answers the review's id. The game is found again among the site's recent games by its link.
 */
export async function saveSiteGame(site: string, link: string): Promise<number> {
  const key = site === 'Chess.com' ? 'chesscom' : 'lichess';
  const recent = await fetchRecentGames(key);
  const record = recent.find((game) => game.link === link);
  if (!record) throw new Error(`This game is no longer among your recent ${site} games`);
  return (await upsertGameReview(record)).id;
}

export function useSaveSiteGame() {
  return useMutation({ mutationFn: ({ site, link }: { site: string; link: string }) => saveSiteGame(site, link) });
}
