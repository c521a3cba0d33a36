// The game review feature as the app folder uses it.
export { GameReviewScreen, type GameReviewScreenProps } from './components/game-review-screen';
export { RecentGamesRefresher } from './components/recent-games-refresher';
export type { ReviewPosition } from './components/review-workspace';
export { gameReviewsQueryOptions, useGameReviews } from './api/get-game-reviews';
