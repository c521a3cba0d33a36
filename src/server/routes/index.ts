import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account.js';
import { accountDataRoutes } from './account-data.js';
import { gameReviewRoutes } from './game-reviews.js';
import { recentGamesRoutes } from './recent-games.js';
import { cardRoutes } from './cards.js';
import { studyRoutes } from './studies.js';
import { lichessConnectRoutes } from './lichess-connect.js';
import { openingRoutes } from './openings.js';
import { statsRoutes } from './stats.js';
import { coverageRoutes } from './coverage.js';
import { drillRoutes } from './drill.js';
import { repertoireReportRoutes } from './repertoire-report.js';
import { opponentPrepRoutes } from './opponent-prep.js';
import { drillLinesRoutes } from './drill-lines.js';
import { repertoireEditRoutes } from './repertoire-edits.js';
import { repertoirePgnRoutes } from './repertoire-pgn.js';
import { repertoireExplorerRoutes } from './repertoire-explorer.js';
import { todayRoutes } from './today.js';
import { engineRoutes } from './engine.js';
import { healthRoutes } from './health.js';

/** Every /api route, grouped by resource: one plugin per file. */
export async function apiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(gameReviewRoutes);
  await app.register(recentGamesRoutes);
  await app.register(cardRoutes);
  await app.register(studyRoutes);
  await app.register(lichessConnectRoutes);
  await app.register(openingRoutes);
  await app.register(statsRoutes);
  await app.register(coverageRoutes);
  await app.register(drillRoutes);
  await app.register(repertoireReportRoutes);
  await app.register(opponentPrepRoutes);
  await app.register(drillLinesRoutes);
  await app.register(repertoireEditRoutes);
  await app.register(repertoirePgnRoutes);
  await app.register(repertoireExplorerRoutes);
  await app.register(accountDataRoutes);
  await app.register(todayRoutes);
  await app.register(engineRoutes);
}
