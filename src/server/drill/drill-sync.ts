import type { FastifyInstance } from 'fastify';
import type { DrillSyncResult } from '@contract/drill.js';
import { diffStoredItems, sameAnswers, type Color, type DrillDeckItem } from '../../chess/index.js';
import { chunks } from '../db/chunks.js';
import type { Db } from '../db/client.js';
import {
  readDeckKeys,
  readItemsToSync,
  retireColor,
  retireItems,
  updateSyncedItems,
  writeSyncMark,
  type SyncedItemUpdate,
} from './drill-deck-repository.js';
import { readDrillHead, type DrillHead } from './drill-queue-repository.js';
import {
  deckSource,
  isSynced,
  knownDeckSource,
  noteServedDeck,
  itemValues,
  readDrillStudy,
  type DrillDeckSource,
  type DrillStudy,
} from './drill-source.js';
import { LoopTurn } from '../loop-turn.js';
import { deckKeyDigests, keyDigest, packDeckKeys } from './deck-keys.js';
import { asDeckWriter, nextTurn, WRITE_CHUNK } from './drill-writer.js';

/**
 * Keeps a colour's drill deck in step with the stored study. New items are not stored: they are the
 * study's positions that have no row yet, and become rows when first served. A sync writes only the
 * stored items that differ: those that left the study are retired (kept with their history), retired
 * ones that come back are active again, and those whose answers changed are marked and due now. The
 * deck's keys are kept with the study, so the next sync can count what was added and retired.
 */

/** Syncs the colour's deck with the stored study; undefined when the colour has no study. */
export async function syncDrill(
  app: FastifyInstance,
  userId: number,
  color: Color,
  now = new Date(),
): Promise<DrillSyncResult | undefined> {
  const study = await readDrillStudy(app, userId, color);
  return study && syncStudy(app, userId, color, study, now);
}

async function syncStudy(
  app: FastifyInstance,
  userId: number,
  color: Color,
  study: DrillStudy,
  now: Date,
): Promise<DrillSyncResult> {
  // The study as last synced: nothing to rebuild.
  if (isSynced(study)) {
    const total = Number(study.synced!.slice(study.digest.length + 1));
    return { added: 0, retired: 0, changed: 0, returned: 0, total };
  }
  const source = await deckSource(app, userId, study, color);
  return asDeckWriter(app, userId, (db) => writeDeck(db, userId, color, study, source, now));
}

/**
 * The deck of the colour's study, synced first when the study changed since the last sync (a sync
 * after storing it failed, or has not finished); undefined when the colour has no study. `head` is
 * the colour's head as the caller just read it, when it did.
 */
export async function syncedDeck(
  app: FastifyInstance,
  userId: number,
  color: Color,
  head?: DrillHead,
): Promise<DrillDeckSource | undefined> {
  // A small read first: an unchanged study whose deck is kept needs neither its text nor a hash of it.
  const { study, edits } = head ?? (await readDrillHead(app.db, userId, color));
  if (!study) return undefined;
  const kept = await keptInStep(app, study, edits, color);
  if (kept) {
    noteServedDeck(app, userId, color, study.version, edits);
    return kept;
  }
  const read = await readAndSync(app, userId, color);
  if (!read) return undefined;
  const source = await deckSource(app, userId, read, color);
  noteServedDeck(app, userId, color, read.version, read.edits);
  return source;
}

/**
 * Syncs the colour's deck when its study or edits changed since the last sync, without building the
 * deck when they did not: for readers of the stored deck (Today's counts) right after an edit, whose
 * follower waits for a burst of edits to end.
 */
export async function syncIfBehind(app: FastifyInstance, userId: number, color: Color): Promise<void> {
  const { study, edits } = await readDrillHead(app.db, userId, color);
  if (study && !(await keptInStep(app, study, edits, color))) await readAndSync(app, userId, color);
}

/** The deck held in memory when the head shows it synced with the study and edits as they are now. */
async function keptInStep(
  app: FastifyInstance,
  study: NonNullable<DrillHead['study']>,
  edits: string,
  color: Color,
): Promise<DrillDeckSource | undefined> {
  const kept = await knownDeckSource(app, study.version, edits, color);
  return kept && study.synced?.startsWith(`${kept.digest}:`) ? kept : undefined;
}

/** The stored study, the deck synced with it first when the last sync was of another; undefined without one. */
async function readAndSync(app: FastifyInstance, userId: number, color: Color): Promise<DrillStudy | undefined> {
  const read = await readDrillStudy(app, userId, color);
  if (read && !isSynced(read)) await syncStudy(app, userId, color, read, new Date());
  return read;
}

/** The deck a call expected (expectedDeck) when the head it read shows it is still the synced one. */
export function stillSynced(
  head: DrillHead,
  expected: { source: DrillDeckSource; version: number; edits: string } | undefined,
): DrillDeckSource | undefined {
  const { study } = head;
  if (!expected || !study || study.version !== expected.version || head.edits !== expected.edits) return undefined;
  return study.synced?.startsWith(`${expected.source.digest}:`) ? expected.source : undefined;
}

/** Retires every active item of the colour (its study was removed). */
export async function retireDrill(
  app: FastifyInstance,
  userId: number,
  color: Color,
  now = new Date(),
): Promise<number> {
  return asDeckWriter(app, userId, (db) => retireColor(db, userId, color, now));
}

/** Items counted between two looks at the clock (a power of two, less one). */
const PAUSE_MASK = 255;

async function writeDeck(
  db: Db,
  userId: number,
  color: Color,
  study: DrillStudy,
  source: DrillDeckSource,
  now: Date,
): Promise<DrillSyncResult> {
  const { deck, urls } = source;
  // Long loops look at the clock now and then and give the loop a turn when due: a deck of 100,000
  // items counted in one go held every other request some 50 ms.
  const turn = new LoopTurn();
  const pause = async (i: number) => {
    if ((i & PAUSE_MASK) === PAUSE_MASK) await turn.yieldIfDue();
  };
  // The texts themselves stay in the database: their digest tells whether an item needs rewriting.
  const rows = await readItemsToSync(db, userId, color);
  const previousKeys = await readDeckKeys(db, userId, color);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  // One lookup per stored item: New items (the deck's other positions) have no row to compare.
  const diff = diffStoredItems(
    source.byKey,
    rows.map((r) => ({ key: r.key, answers: r.answers, retired: r.retiredAt !== null })),
  );

  // Changed, returning, and same items whose line or chapters moved.
  const updates: SyncedItemUpdate[] = [];
  let returnedChanged = 0;
  const push = (item: DrillDeckItem, values: ReturnType<typeof itemValues>, changed: boolean, unretire: boolean) => {
    const row = byKey.get(item.key)!;
    updates.push({ id: row.id, changed, unretire, ...values, ord: row.retiredAt === null ? row.ord : item.ord });
  };
  for (const item of diff.changed) push(item, itemValues(item, urls), true, false);
  for (const item of diff.returning) {
    const row = byKey.get(item.key)!;
    const changed = !sameAnswers(row.answers, item.answers);
    if (changed) returnedChanged++;
    push(item, itemValues(item, urls), changed, true);
  }
  // An item keeps its place (ord) while its position stays in the study: a chapter added or removed
  // near the start would otherwise shift every item and rewrite every row.
  for (const [i, item] of diff.same.entries()) {
    const values = itemValues(item, urls);
    if (byKey.get(item.key)!.digest !== values.digest) push(item, values, false, false);
    await pause(i);
  }
  // In statements of WRITE_CHUNK rows: the embedded database works on this thread, and a study of
  // 200,000 positions written in one statement would hold every other request for half a minute.
  for (const chunk of chunks(updates, WRITE_CHUNK)) {
    await nextTurn();
    await updateSyncedItems(db, userId, chunk, now);
  }
  if (diff.retired.length > 0) {
    await retireItems(
      db,
      userId,
      diff.retired.map((key) => byKey.get(key)!.id),
      now,
    );
  }

  // Counted against the deck of the last sync (and the active rows, which hold what came before
  // the deck's keys were kept, or an import).
  const before = new Set<number>();
  let read = 0;
  for (const digest of deckKeyDigests(previousKeys)) {
    before.add(digest);
    await pause(read++);
  }
  for (const [i, row] of rows.entries()) {
    if (row.retiredAt === null) before.add(keyDigest(row.key));
    await pause(i);
  }
  const digests: number[] = new Array(deck.length);
  const inDeck = new Set<number>();
  let added = 0;
  for (let i = 0; i < deck.length; i++) {
    const digest = keyDigest(deck[i].key);
    digests[i] = digest;
    inDeck.add(digest);
    if (!before.has(digest) && !byKey.has(deck[i].key)) added++;
    await pause(i);
  }
  let retired = 0;
  let counted = 0;
  for (const digest of before) {
    if (!inDeck.has(digest)) retired++;
    await pause(counted++);
  }
  await turn.yieldIfDue();

  await writeSyncMark(db, userId, color, {
    keys: packDeckKeys(digests),
    studyText: study.text,
    synced: `${source.digest}:${deck.length}`,
  });

  return {
    added,
    retired,
    changed: diff.changed.length + returnedChanged,
    returned: diff.returning.length,
    total: deck.length,
  };
}

/** Storing a study keeps its colour's deck in step; a failure here never fails the store itself. */
export async function syncDrillAfterStudyChange(
  app: FastifyInstance,
  userId: number,
  color: Color,
  hasStudy: boolean,
): Promise<void> {
  try {
    if (hasStudy) await syncDrill(app, userId, color);
    else await retireDrill(app, userId, color);
  } catch (error) {
    app.log.error({ err: error, userId, color }, 'drill sync after a study change failed');
  }
}
