// Reading an export document for import (import-json-reader.ts reads the bytes, import-writer.ts
// writes the rows). The envelope first (format and version), then every row with its kind's zod
// schema; the first bad row stops the import with a message naming it ("cards[3] (id c-9):
// prompt_fen: ..."). Studies are read on the worker pool, as storing a study does.
//
// A second import of the same file adds nothing. Ids from another server cannot be kept (reviews,
// logs and drill items use serial ids), so each kind is matched on what identifies it in the account:
//   cards          their own id (client-made, unique per player): an existing card is left as it is
//   game reviews   the game link; without a link, the same PGN and played date. A review already
//                  there is left as it is, with its mistakes; mistakes come with new reviews only
//   review logs    card id + review time + rating
//   studies        one per colour: the imported one replaces the account's only when it is newer
//   drill items    colour + position; their logs come with new items only
//   uploaded stats position + speeds + ratings
//   site usernames filled only where the account has none; the drill's new items a day only
//                  where the account still has the default, the automatic import's choice only
//                  where the account has made none
// The kinds the format gained later are read by import-later-document.ts; import-repertoire-writer.ts
// and import-training-writer.ts say how each is matched.
import { parseExcludeSymbols } from '../../chess/exclude-symbols.js';
import type { StatsRecord } from '../openings/position-stats-repository.js';
import { UnreadablePgnError, type RepertoireCache } from '../openings/repertoire-cache.js';
import { parseStatsUpload } from '../openings/stats-upload.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { isLastReviewInFuture } from '@contract/cards.js';
import { nextTurn } from '../drill/drill-writer.js';
import { parseLaterKinds, type LaterDocument, type LaterLists } from './import-later-document.js';
import { describe, parseRow, parseRows, refuseNul, ROWS_PER_TURN } from './import-parse.js';
import {
  exportEnvelope,
  exportedCard,
  exportedDrillItem,
  exportedGameReview,
  exportedReviewLog,
  exportedStudy,
  exportedUploadedStats,
  exportedSettings,
  exportedUser,
  type ExportedCard,
  type ExportedSettings,
  type ExportedDrillItem,
  type ExportedGameReview,
  type ExportedReviewLog,
  type ExportedStudy,
  type ExportedUser,
} from './export-format.js';

export interface ImportDocument extends LaterDocument {
  user?: ExportedUser;
  settings?: ExportedSettings;
  studies: { white: ExportedStudy | null; black: ExportedStudy | null };
  gameReviews: ExportedGameReview[];
  cards: ExportedCard[];
  reviewLogs: ExportedReviewLog[];
  drill: ExportedDrillItem[];
  /** Checked as update_stats checks them, in stored form. */
  uploadedStats: (StatsRecord & { updatedAt?: Date })[];
}

/**
 * Reads an export document; throws BadRequestError naming the first bad row. The document's row
 * lists are emptied as they are read (the rows come back parsed). Studies are read through the app's
 * repertoire cache.
 */
export async function parseImportDocument(body: unknown, repertoires: RepertoireCache): Promise<ImportDocument> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestError('The file is not a Chess Prep export: expected a JSON object');
  }
  // NUL characters: the lists' rows are looked through one by one as they are read (parseRows).
  for (const [key, value] of Object.entries(body)) {
    if (!Array.isArray(value)) refuseNul(value, key);
  }
  const envelope = exportEnvelope.safeParse(body);
  if (!envelope.success) {
    throw new BadRequestError(`The file is not a Chess Prep export: ${describe(envelope.error)}`);
  }
  const doc = envelope.data;
  // The lists of the body itself (the envelope's are copies of them), emptied as their rows are read.
  const lists = body as LaterLists &
    Partial<Record<'game_reviews' | 'cards' | 'review_logs' | 'drill' | 'uploaded_stats', unknown[]>>;
  const user = doc.user === undefined ? undefined : parseRow(exportedUser, doc.user, 'user');
  const settings = doc.settings === undefined ? undefined : parseRow(exportedSettings, doc.settings, 'settings');
  const study = async (color: 'white' | 'black') => {
    const value = doc.studies?.[color];
    if (value === undefined || value === null) return null;
    const parsed = parseRow(exportedStudy, value, `studies.${color}`);
    const symbols = parseExcludeSymbols(parsed.exclude_move_indicators);
    if (symbols.isErr) {
      throw new BadRequestError(`studies.${color}: exclude_move_indicators: not a list of ?, ??, !?, ?!`);
    }
    if (parsed.study_text !== null) {
      // On the worker pool when large, so other players are answered meanwhile.
      try {
        await repertoires.repertoireFor(parsed.study_text, { color, excludeSymbols: symbols.value });
      } catch (error) {
        if (error instanceof UnreadablePgnError) {
          throw new BadRequestError(`studies.${color}: study_text: ${error.pgnMessage}`);
        }
        throw error;
      }
    }
    return parsed;
  };
  const whiteStudy = await study('white');
  const blackStudy = await study('black');
  const gameReviews = await parseRows(exportedGameReview, lists.game_reviews, 'game_reviews');
  const cardRows = await parseRows(exportedCard, lists.cards, 'cards');
  const future = cardRows.findIndex((card) => isLastReviewInFuture(card));
  if (future >= 0)
    throw new BadRequestError(`Bad row cards[${future}] (id ${cardRows[future].id}): last_review is in the future`);
  return {
    user,
    settings,
    studies: { white: whiteStudy, black: blackStudy },
    gameReviews,
    cards: cardRows,
    reviewLogs: await parseRows(exportedReviewLog, lists.review_logs, 'review_logs'),
    drill: await parseRows(exportedDrillItem, lists.drill, 'drill'),
    uploadedStats: await parseUploadedStats(lists.uploaded_stats),
    ...(await parseLaterKinds(lists, gameReviews, repertoires)),
  };
}

async function parseUploadedStats(rows: unknown[] | undefined) {
  const parsed = await parseRows(exportedUploadedStats, rows, 'uploaded_stats');
  const records: ImportDocument['uploadedStats'] = [];
  for (const [index, row] of parsed.entries()) {
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    try {
      const record = parseStatsUpload(row);
      records.push({ ...record, ...(row.updated_at ? { updatedAt: new Date(row.updated_at) } : {}) });
    } catch (error) {
      if (error instanceof BadRequestError)
        throw new BadRequestError(`Bad row uploaded_stats[${index}]: ${error.message}`);
      throw error;
    }
  }
  return records;
}
