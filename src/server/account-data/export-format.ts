// The mapping from stored rows to the rows of the export document (src/contract/account-data.ts
// holds the document's schemas): export writes rows through `toExported*`; import reads each row
// with its schema, so a file this server wrote always imports.
import { logFromColumns, scheduleFromColumns } from '../cards/fsrs-columns.js';
import type {
  cards,
  drillItems,
  drillLogs,
  gameReviews,
  mistakes,
  reviewLogs,
  studies,
  userPositionStats,
} from '../db/schema.js';
import type {
  ExportedCard,
  ExportedDrillItem,
  ExportedGameReview,
  ExportedReviewLog,
  ExportedStudy,
  ExportedUploadedStats,
} from '@contract/account-data.js';

// The row schemas are the API contract's; the import reads them from here.
export {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportedUser,
  exportedSettings,
  exportedMistake,
  exportedGameReview,
  exportedCard,
  exportedReviewLog,
  exportedStudy,
  exportedDrillLog,
  exportedDrillItem,
  exportedUploadedStats,
  exportEnvelope,
} from '@contract/account-data.js';
export {
  exportedRepertoireSource,
  exportedRepertoireEdit,
  exportedCoverageGoal,
  exportedExpectedScore,
  exportedScheduler,
  exportedGameAnalysis,
  exportedLearnAttempt,
  exportedOpponentPrep,
  exportedWoodpeckerSet,
} from '@contract/account-data-rows.js';
export type {
  ExportedRepertoireSource,
  ExportedRepertoireEdit,
  ExportedCoverageGoal,
  ExportedExpectedScore,
  ExportedScheduler,
  ExportedGameAnalysis,
  ExportedLearnAttempt,
  ExportedOpponentPrep,
  ExportedWoodpeckerSet,
} from '@contract/account-data-rows.js';
export type {
  ExportedUser,
  ExportedSettings,
  ExportedGameReview,
  ExportedCard,
  ExportedReviewLog,
  ExportedStudy,
  ExportedDrillItem,
  ExportedDrillLog,
  ExportedUploadedStats,
} from '@contract/account-data.js';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export function toExportedGameReview(
  row: typeof gameReviews.$inferSelect,
  rowMistakes: (typeof mistakes.$inferSelect)[],
): ExportedGameReview {
  return {
    id: row.id,
    username: row.username,
    opponent_name: row.opponentName,
    hero_color: row.heroColor,
    date_time_played: isoOrNull(row.datePlayed),
    site: row.site,
    link: row.link,
    pgn: row.pgn,
    notes: row.notes,
    time_control: row.timeControl,
    hero_elo: row.heroElo,
    opponent_elo: row.opponentElo,
    result: row.result,
    how_resolved: row.howResolved,
    created_at: iso(row.createdAt),
    imported: row.imported,
    mistakes: rowMistakes.map((m) => ({
      id: m.id,
      ply: m.ply,
      fen: m.fen,
      move: m.move,
      better_move: m.betterMove,
      notes: m.notes,
      kind: m.kind,
    })),
  };
}

export function toExportedCard(row: Omit<typeof cards.$inferSelect, 'listJson'>): ExportedCard {
  return {
    id: row.id,
    prompt: row.prompt,
    prompt_fen: row.promptFen,
    prompt_pgn: row.promptPgn,
    answer: row.answer,
    answer_fen: row.answerFen,
    answer_pgn: row.answerPgn,
    orientation: row.orientation,
    ...scheduleFromColumns(row),
    last_review: isoOrNull(row.lastReview),
  };
}

export function toExportedReviewLog(row: typeof reviewLogs.$inferSelect): ExportedReviewLog {
  return {
    id: row.id,
    card_id: row.cardId,
    ...logFromColumns(row),
  };
}

export function toExportedStudy(
  row: Pick<
    typeof studies.$inferSelect,
    'title' | 'link' | 'studyText' | 'excludeMoveIndicators' | 'lastUpdate' | 'additionsChapter'
  >,
): ExportedStudy {
  return {
    title: row.title,
    link: row.link,
    study_text: row.studyText,
    exclude_move_indicators: row.excludeMoveIndicators,
    last_update: iso(row.lastUpdate),
    additions_chapter: row.additionsChapter,
  };
}

export function toExportedDrillItem(
  row: typeof drillItems.$inferSelect,
  logs: (typeof drillLogs.$inferSelect)[],
): ExportedDrillItem {
  return {
    id: row.id,
    color: row.color,
    position_key: row.positionKey,
    fen: row.fen,
    line: row.line,
    move_number: row.moveNumber,
    answers: row.answers as ExportedDrillItem['answers'],
    ord: row.ord,
    chapters: row.chapters as { name: string; url: string | null }[],
    retired_at: isoOrNull(row.retiredAt),
    changed_at: isoOrNull(row.changedAt),
    ...scheduleFromColumns(row),
    last_review: isoOrNull(row.lastReview),
    created_at: iso(row.createdAt),
    logs: logs.map((log) => ({
      id: log.id,
      uci: log.uci,
      correct: log.correct,
      ...logFromColumns(log),
    })),
  };
}

export function toExportedUploadedStats(row: typeof userPositionStats.$inferSelect): ExportedUploadedStats {
  return {
    fen: row.fen,
    speeds: row.speeds,
    ratings: row.ratings,
    white: row.white,
    draws: row.draws,
    black: row.black,
    moves: row.moves as unknown[],
    updated_at: iso(row.updatedAt),
  };
}
