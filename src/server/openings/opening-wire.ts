import type { BookEntry, ConsistencyPosition, GameComparison } from '../../chess/index.js';
import type {
  BookEntryAnswer,
  ConsistencyPositionAnswer,
  GameComparison as GameComparisonAnswer,
} from '@contract/openings.js';

/**
 * The opening checks' shapes from the chess core under the wire's names (src/contract/openings.ts).
 * Keys keep the core's order: the prepared answers are JSON.stringify of these. Example:
 *   consistencyPositionOnWire({ fen, turn, moveNumber: 3, line, moves })
 *     -> { fen, turn, move_number: 3, line, moves }
 */

export const consistencyPositionOnWire = ({
  fen,
  turn,
  moveNumber,
  line,
  moves,
}: ConsistencyPosition): ConsistencyPositionAnswer => ({ fen, turn, move_number: moveNumber, line, moves });

export function bookEntryOnWire(entry: BookEntry): BookEntryAnswer {
  const moves: BookEntryAnswer['moves'] = {};
  for (const [san, m] of Object.entries(entry.moves)) {
    moves[san] = {
      san: m.san,
      uci: m.uci,
      number_of_games: m.numberOfGames,
      chapters: m.chapters,
      end_of_line: m.endOfLine,
    };
  }
  return {
    fen: entry.fen,
    turn: entry.turn,
    moves,
    total_games: entry.totalGames,
    lowest_move_number: entry.lowestMoveNumber,
  };
}

export const comparisonOnWire = ({ record, ...comparison }: GameComparison): GameComparisonAnswer => ({
  ...comparison,
  record: {
    hero_opening: record.heroOpening,
    actual_opening: record.actualOpening,
    how_left_opening: record.howLeftOpening,
    move_left_opening: record.moveLeftOpening,
  },
});
