import { createHash } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  buildDrillDeck,
  diffDrillDeck,
  parseExcludeSymbols,
  splitPgn,
  type Color,
  type DrillDeckItem,
  type Repertoire,
} from '../../chess/index.js';
import { chunks } from '../db/chunks.js';
import type { Db } from '../db/client.js';
import { drillItems, studies } from '../db/schema.js';
import { repertoireFor } from '../openings/repertoire-cache.js';
import { findStudy } from '../routes/studies.js';

/**
 * Keeps a colour's drill deck in step with the stored study: new positions are added as New, positions
 * that left the study are retired (kept with their history), retired ones that come back are active
 * again, and items whose answers changed are marked and due now. Only rows that differ are written,
 * each kind in one statement (rows travel as one JSON parameter), so a large study re-syncs quickly.
 */

export interface DrillSyncResult {
  added: number;
  retired: number;
  changed: number;
  /** Retired items active again, with their history. */
  returned: number;
  /** Active items after the sync. */
  total: number;
}

export interface DrillChapterLink {
  name: string;
  /** The chapter on Lichess, when the study came from there. */
  url: string | null;
}

/** The repertoire of the player's stored study for a colour; undefined when there is none. */
export async function storedRepertoire(
  app: FastifyInstance,
  userId: number,
  color: Color,
): Promise<{ rep: Repertoire; studyText: string; link: string | null } | undefined> {
  const study = await findStudy(app, userId, color);
  if (!study) return undefined;
  const symbols = parseExcludeSymbols(study.exclude_move_indicators);
  const rep = await repertoireFor(study.study_text, {
    color,
    excludeSymbols: symbols.isOk ? symbols.value : [],
    name: study.title || undefined,
  });
  return { rep, studyText: study.study_text, link: study.link };
}

/** Syncs the colour's deck with the stored study; undefined when the colour has no study. */
export async function syncDrill(app: FastifyInstance, userId: number, color: Color, now = new Date()): Promise<DrillSyncResult | undefined> {
  const [study] = await app.db
    .select({ text: studies.studyText, exclude: studies.excludeMoveIndicators, link: studies.link, synced: studies.drillSynced })
    .from(studies)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
  if (!study || study.text === null) return undefined;
  // The study as last synced, and every item still there: nothing to rebuild.
  const digest = createHash('sha256').update(`${study.exclude}\u0000${study.link ?? ''}\u0000${study.text}`).digest('hex');
  if (study.synced?.startsWith(`${digest}:`)) {
    const total = Number(study.synced.slice(digest.length + 1));
    const [active] = await app.db
      .select({ n: count() })
      .from(drillItems)
      .where(and(eq(drillItems.userId, userId), eq(drillItems.color, color), isNull(drillItems.retiredAt)));
    if (active.n === total) return { added: 0, retired: 0, changed: 0, returned: 0, total };
  }
  const stored = await storedRepertoire(app, userId, color);
  if (!stored) return undefined;
  const deck = buildDrillDeck(stored.rep);
  const urls = chapterUrls(stored.studyText, stored.link);
  const result =
    app.dbKind === 'pglite'
      ? // One process owns the embedded database: each statement commits on its own, so other players'
        // queries are answered between them, and the turn keeps this player's other deck writers out.
        await deckTurn(userId, () => writeDeck(app.db, userId, color, deck, urls, now))
      : await app.db.transaction(async (tx) => {
          await lockDrillDeck(tx as unknown as Db, userId);
          return writeDeck(tx as unknown as Db, userId, color, deck, urls, now);
        });
  // Only when the study is still the one just synced (storing another one at the same time syncs again).
  await app.db
    .update(studies)
    .set({ drillSynced: `${digest}:${deck.length}` })
    .where(and(eq(studies.userId, userId), eq(studies.color, color), eq(studies.studyText, stored.studyText)));
  return result;
}

/**
 * One writer of a player's deck at a time (a sync, or an import), until the transaction ends: storing
 * a study and a sync from the drill screen may race. Inside it, the items read are all there are,
 * so new ones are inserted without a conflict clause (which costs about a third of a large insert).
 * On the embedded database, deckTurn plays this part.
 */
export async function lockDrillDeck(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${7_014_000_000 + userId})`);
}

const deckTurns = new Map<number, Promise<unknown>>();

/**
 * Runs `work` when this process's earlier deck writers of the player are done. A sync on the embedded
 * database writes in several statements; an import or another sync must not write between them.
 */
export async function deckTurn<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const earlier = deckTurns.get(userId) ?? Promise.resolve();
  const run = earlier.catch(() => undefined).then(work);
  const settled = run.catch(() => undefined);
  deckTurns.set(userId, settled);
  try {
    return await run;
  } finally {
    if (deckTurns.get(userId) === settled) deckTurns.delete(userId);
  }
}

/** Retires every active item of the colour (its study was removed). */
export async function retireDrill(db: Db, userId: number, color: Color, now = new Date()): Promise<number> {
  const rows = await db
    .update(drillItems)
    .set({ retiredAt: now })
    .where(and(eq(drillItems.userId, userId), eq(drillItems.color, color), isNull(drillItems.retiredAt)))
    .returning({ id: drillItems.id });
  return rows.length;
}

type Answers = { uci: string; san: string }[];

/** Rows per statement when a sync writes: about 40 ms of the embedded database's time each. */
const WRITE_CHUNK = 1_000;

/**
 * Lets timers and other requests run. The embedded database answers on this thread without giving the
 * event loop a turn, so a long run of statements needs these between them.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const answersText = (answers: Answers) => answers.map((a) => `${a.uci}:${a.san}`).join(' ');
const chaptersText = (chapters: DrillChapterLink[]) => chapters.map((c) => `${c.name}\u0000${c.url ?? ''}`).join('\u0001');

async function writeDeck(
  db: Db,
  userId: number,
  color: Color,
  deck: DrillDeckItem[],
  urls: (string | null)[],
  now: Date,
): Promise<DrillSyncResult> {
  // The texts themselves stay in the database: their digest tells whether an item needs rewriting.
  const rows = await db
    .select({
      id: drillItems.id,
      key: drillItems.positionKey,
      answers: drillItems.answers,
      ord: drillItems.ord,
      digest: drillItems.contentDigest,
      retiredAt: drillItems.retiredAt,
    })
    .from(drillItems)
    .where(and(eq(drillItems.userId, userId), eq(drillItems.color, color)));
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const diff = diffDrillDeck(
    deck,
    rows.map((r) => ({ key: r.key, answers: r.answers as Answers, retired: r.retiredAt !== null })),
  );
  const valuesOf = (item: DrillDeckItem) => {
    const chapters = item.chapters.map((c): DrillChapterLink => ({ name: c.name, url: urls[c.index] ?? null }));
    const text = [item.fen, item.line, item.moveNumber, answersText(item.answers), chaptersText(chapters)].join('\n');
    const digest = createHash('sha1').update(text).digest('base64');
    return { fen: item.fen, line: item.line, move_number: item.moveNumber, answers: item.answers, ord: item.ord, chapters, digest };
  };

  // In statements of WRITE_CHUNK rows: the embedded database works on this thread, and a study of
  // 200,000 positions written in one statement would hold every other request for half a minute.
  for (const chunk of chunks(diff.added, WRITE_CHUNK)) {
    await nextTurn();
    const json = JSON.stringify(chunk.map((item) => ({ key: item.key, ...valuesOf(item) })));
    await db.execute(sql`
      insert into drill_items (user_id, color, position_key, fen, line, move_number, answers, ord, chapters, content_digest, due, state)
      select ${userId}, ${color}, v.key, v.fen, v.line, v.move_number, v.answers, v.ord, v.chapters, v.digest, ${now.toISOString()}::timestamptz, 0
      from json_to_recordset(${json}::json)
        as v(key text, fen text, line text, move_number int, answers jsonb, ord int, chapters jsonb, digest text)`);
  }

  // Changed, returning, and same items whose line or chapters moved.
  const updates: object[] = [];
  let returnedChanged = 0;
  const push = (item: DrillDeckItem, values: ReturnType<typeof valuesOf>, changed: boolean, unretire: boolean) => {
    const row = byKey.get(item.key)!;
    updates.push({ id: row.id, changed, unretire, ...values, ord: row.retiredAt === null ? row.ord : item.ord });
  };
  for (const item of diff.changed) push(item, valuesOf(item), true, false);
  for (const item of diff.returning) {
    const row = byKey.get(item.key)!;
    const changed = !sameSet(row.answers as Answers, item.answers);
    if (changed) returnedChanged++;
    push(item, valuesOf(item), changed, true);
  }
  // An item keeps its place in the New order (ord) while its position stays in the study: a chapter
  // added or removed near the start would otherwise shift every item and rewrite the whole deck.
  for (const [i, item] of diff.same.entries()) {
    const values = valuesOf(item);
    if (byKey.get(item.key)!.digest !== values.digest) push(item, values, false, false);
    if (i % WRITE_CHUNK === WRITE_CHUNK - 1) await nextTurn();
  }
  const at = now.toISOString();
  for (const chunk of chunks(updates, WRITE_CHUNK)) {
    await nextTurn();
    await db.execute(sql`
      update drill_items as d set
        fen = v.fen, line = v.line, move_number = v.move_number, answers = v.answers, ord = v.ord, chapters = v.chapters,
        content_digest = v.digest,
        changed_at = case when v.changed then ${at}::timestamptz else d.changed_at end,
        due = case when v.changed then ${at}::timestamptz else d.due end,
        retired_at = case when v.unretire then null else d.retired_at end
      from json_to_recordset(${JSON.stringify(chunk)}::json)
        as v(id int, changed boolean, unretire boolean, fen text, line text, move_number int, answers jsonb, ord int, chapters jsonb, digest text)
      where d.id = v.id and d.user_id = ${userId}`);
  }

  if (diff.retired.length > 0) {
    const ids = diff.retired.map((key) => byKey.get(key)!.id);
    await db.execute(sql`
      update drill_items set retired_at = ${now.toISOString()}::timestamptz
      where user_id = ${userId} and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`);
  }

  return {
    added: diff.added.length,
    retired: diff.retired.length,
    changed: diff.changed.length + returnedChanged,
    returned: diff.returning.length,
    total: deck.length,
  };
}

const sameSet = (a: Answers, b: Answers) => a.length === b.length && a.every((x) => b.some((y) => y.uci === x.uci));

/** Each chapter's Lichess address (ChapterURL, or a study chapter Site tag), in chapter order. */
export function chapterUrls(studyText: string, studyLink: string | null): (string | null)[] {
  if (!/lichess\.org\/study\//.test(studyText)) return [];
  return splitPgn(studyText).map((game) => {
    const tag = /\[(?:ChapterURL|Site) "(https:\/\/lichess\.org\/study\/[^"]+)"\]/.exec(game);
    return tag ? tag[1] : studyLink;
  });
}

/** Storing a study keeps its colour's deck in step; a failure here never fails the store itself. */
export async function syncDrillAfterStudyChange(app: FastifyInstance, userId: number, color: Color, hasStudy: boolean): Promise<void> {
  try {
    if (hasStudy) await syncDrill(app, userId, color);
    else await retireDrill(app.db, userId, color);
  } catch (error) {
    app.log.error({ err: error, userId, color }, 'drill sync after a study change failed');
  }
}
