import type { Deviation, RepertoireReport } from '../../chess/index.js';
import type { RepertoireReportAnswer, ReportGameRef } from '@contract/repertoire-report.js';

/**
 * The repertoire report from the chess core under the wire's names (src/contract/repertoire-report.ts);
 * an opponent preparation's surprises are deviations too. Example:
 *   deviationOnWire({ fen, line, fenAfter, moveNumber: 2, playedSan: 'c3', ... })
 *     -> { fen, line, fen_after, move_number: 2, played_san: 'c3', ... }
 */

export const deviationOnWire = <R>(d: Deviation<R>) => ({
  fen: d.fen,
  line: d.line,
  fen_after: d.fenAfter,
  move_number: d.moveNumber,
  color: d.color,
  played_san: d.playedSan,
  played_uci: d.playedUci,
  expected_san: d.expectedSan,
  expected_uci: d.expectedUci,
  count: d.count,
  score: d.score,
  games: d.games,
});

export const reportOnWire = (report: RepertoireReport<ReportGameRef>): Omit<RepertoireReportAnswer, 'sources'> => ({
  games: report.games,
  compared: report.compared,
  stayed_in_book: report.stayedInBook,
  average_move_left: report.averageMoveLeft,
  left_by_you: report.leftByYou.map(deviationOnWire),
  left_by_opponent: report.leftByOpponent.map(deviationOnWire),
  no_study: report.noStudy,
  not_compared: {
    non_standard: report.notCompared.nonStandard,
    no_study: report.notCompared.noStudy,
    no_moves: report.notCompared.noMoves,
    unreadable: report.notCompared.unreadable,
  },
});
