import type { AnyEndpoint } from './endpoint.js';
import { accountDataApi } from './account-data.js';
import { accountSecurityApi } from './account-security.js';
import { accountApi } from './account.js';
import { cardsApi } from './cards.js';
import { coverageGoalApi } from './coverage-goal.js';
import { coverageApi } from './coverage.js';
import { drillLinesApi } from './drill-lines.js';
import { drillApi } from './drill.js';
import { engineApi } from './engine.js';
import { gameImportApi } from './game-import.js';
import { gameReviewsApi } from './game-reviews.js';
import { healthApi } from './health.js';
import { lichessConnectApi } from './lichess-connect.js';
import { mistakeTrainingApi } from './mistake-training.js';
import { openingsApi } from './openings.js';
import { opponentPrepApi } from './opponent-prep.js';
import { recentGamesApi } from './recent-games.js';
import { repertoireReportApi } from './repertoire-report.js';
import { sourcesApi } from './repertoire-sources.js';
import { repertoireApi } from './repertoire.js';
import { starterApi } from './starter.js';
import { statsApi } from './stats.js';
import { studiesApi } from './studies.js';
import { todayApi } from './today.js';
import { woodpeckerApi } from './woodpecker.js';

/**
 * The endpoint registry: every call of the API, by feature. The server registers exactly these routes
 * (test/route-schemas.test.ts holds it to that) and the web calls them through src/web/lib/api.ts.
 */
export const api = {
  accountData: accountDataApi,
  accountSecurity: accountSecurityApi,
  account: accountApi,
  cards: cardsApi,
  coverageGoal: coverageGoalApi,
  coverage: coverageApi,
  drillLines: drillLinesApi,
  drill: drillApi,
  engine: engineApi,
  gameImport: gameImportApi,
  gameReviews: gameReviewsApi,
  health: healthApi,
  lichessConnect: lichessConnectApi,
  mistakeTraining: mistakeTrainingApi,
  openings: openingsApi,
  opponentPrep: opponentPrepApi,
  recentGames: recentGamesApi,
  repertoireReport: repertoireReportApi,
  sources: sourcesApi,
  repertoire: repertoireApi,
  starter: starterApi,
  stats: statsApi,
  studies: studiesApi,
  today: todayApi,
  woodpecker: woodpeckerApi,
};

/** Every endpoint of the registry, in one list. */
export function endpoints(): AnyEndpoint[] {
  return Object.values(api).flatMap((group) => Object.values(group) as AnyEndpoint[]);
}
