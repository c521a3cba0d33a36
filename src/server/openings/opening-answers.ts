// The consistency check and the opening book of a repertoire, made once per cached repertoire as
// compressed JSON: in steps that give the event loop back, written piece by piece so the whole
// answer is never held as one string. The bytes are those of JSON.stringify of the same answer.
import type { FastifyInstance } from 'fastify';
import {
  bookEntry,
  memoConsistencyPosition,
  consistencyReportBlock,
  consistencyReportHead,
  inReportOrder,
  itemsWhere,
  isInBook,
  isInconsistent,
  type Repertoire,
  type RepertoirePosition,
} from '../../chess/index.js';
import { LoopTurn, settleSteps } from '../loop-turn.js';
import { bookEntryOnWire, consistencyPositionOnWire } from './opening-wire.js';
import { CompressedJsonWriter, jsonStringPiece } from './prepared-answer.js';
import type { PreparedAnswer } from './repertoire-cache.js';

/** Positions of the repertoire that pass `keep`, in report order, sorted in steps that give the event loop back. */
const ordered = (rep: Repertoire, keep: (p: RepertoirePosition) => boolean, turn: LoopTurn) =>
  settleSteps(inReportOrder(itemsWhere(rep.positions.values(), keep)), turn);

/**
 * `{results, results_dict}`: the report text and the listed positions. Positions already worked out in
 * this app are not worked out again (an edited repertoire shares its untouched positions with the one before).
 */
export const consistencyAnswer = (app: FastifyInstance, rep: Repertoire): Promise<PreparedAnswer> =>
  app.repertoireCache.answerFor(rep, 'consistency', async () => {
    const consistencyMemo = app.openingsMemory.consistency;
    const turn = new LoopTurn();
    const out = new CompressedJsonWriter();
    const listed = await ordered(rep, (p) => isInconsistent(rep, p), turn);
    // Two passes over the positions (text, then the list), so neither is held whole.
    await out.write(`{"results":"${jsonStringPiece(consistencyReportHead(rep.name, listed.length))}`);
    for (const p of listed) {
      await turn.yieldIfDue();
      await out.write(
        jsonStringPiece(`\n\n${consistencyReportBlock(memoConsistencyPosition(rep, p, consistencyMemo))}`),
      );
    }
    await out.write('","results_dict":[');
    for (let i = 0; i < listed.length; i++) {
      await turn.yieldIfDue();
      const entry = consistencyPositionOnWire(memoConsistencyPosition(rep, listed[i], consistencyMemo));
      await out.write(`${i === 0 ? '' : ','}${JSON.stringify(entry)}`);
    }
    await out.write(']}');
    return out.end();
  });

/**
 * `{book, name, color}` with the book keyed by position: as JSON text inside the answer (`asText`,
 * what clients parse), or as an object.
 */
export const openingBookAnswer = (app: FastifyInstance, rep: Repertoire, asText = false): Promise<PreparedAnswer> =>
  app.repertoireCache.answerFor(rep, asText ? 'book-text' : 'book', async () => {
    const turn = new LoopTurn();
    const out = new CompressedJsonWriter();
    const piece = asText ? jsonStringPiece : (text: string) => text;
    await out.write(asText ? '{"book":"{' : '{"book":{');
    let first = true;
    for (const p of await ordered(rep, isInBook, turn)) {
      await turn.yieldIfDue();
      await out.write(
        piece(`${first ? '' : ','}${JSON.stringify(p.key)}:${JSON.stringify(bookEntryOnWire(bookEntry(rep, p)))}`),
      );
      first = false;
    }
    await out.write(`}${asText ? '"' : ''},"name":${JSON.stringify(rep.name)},"color":${JSON.stringify(rep.color)}}`);
    return out.end();
  });
