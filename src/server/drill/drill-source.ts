import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  drillDeckBuilder,
  parseExcludeSymbols,
  splitPgn,
  type Color,
  type DrillAnswer,
  type DrillDeckItem,
  type Repertoire,
} from '../../chess/index.js';
import { LoopTurn } from '../loop-turn.js';
import { editedRepertoire } from '../repertoire/edited-repertoire.js';
import { editsSignature } from '../repertoire/edits-store.js';
import { readStudyRow } from './drill-deck-repository.js';

/**
 * Where a colour's drill deck comes from: the stored study, read through the shared repertoire cache.
 * The deck of a repertoire is built once and kept with it (app.drillMemory); New items are taken from
 * it as they are served, so only items with a history (or served, or focused) are rows.
 */

import type { DrillChapterLink } from '@contract/drill.js';

export type { DrillChapterLink };

export interface DrillStudy {
  text: string;
  exclude: string;
  link: string | null;
  title: string;
  /** '<digest>:<items>' as of the last sync (studies.drill_synced). */
  synced: string | null;
  /** Of what the deck depends on: the text, the exclusions, the link (chapter addresses) and the edits. */
  digest: string;
  /** studies.text_version as read with the text. */
  version: number;
  /** The colour's edits as of this read (editsSignature). */
  edits: string;
}

export interface DrillDeckSource {
  rep: Repertoire;
  deck: DrillDeckItem[];
  /** The deck's items by position key. */
  byKey: ReadonlyMap<string, DrillDeckItem>;
  /** Each chapter's Lichess address, by chapter index. */
  urls: (string | null)[];
  /** What studies.drill_synced starts with once this deck is synced. */
  digest: string;
}

/** The colour's stored study; undefined when there is none. */
export async function readDrillStudy(
  app: FastifyInstance,
  userId: number,
  color: Color,
): Promise<DrillStudy | undefined> {
  const study = await readStudyRow(app.db, userId, color);
  if (!study || study.text === null) return undefined;
  const edits = await editsSignature(app.db, userId, color);
  const digest = createHash('sha256')
    .update(`${study.exclude}\u0000${study.link ?? ''}\u0000${edits}\u0000${study.text}`)
    .digest('hex');
  return { ...study, text: study.text, digest, edits };
}

/** True when the last sync was of this very study. */
export const isSynced = (study: DrillStudy): boolean => study.synced?.startsWith(`${study.digest}:`) ?? false;

/** The repertoire of a study, with the options storing it used (one cache entry for both). */
export async function studyRepertoire(app: FastifyInstance, study: DrillStudy, color: Color): Promise<Repertoire> {
  const symbols = parseExcludeSymbols(study.exclude);
  return app.repertoireCache.repertoireFor(study.text, {
    color,
    excludeSymbols: symbols.isOk ? symbols.value : [],
    name: study.title || undefined,
  });
}

export interface Deck {
  deck: DrillDeckItem[];
  byKey: Map<string, DrillDeckItem>;
}

/**
 * Positions walked between two looks at the clock: the deck is built in the loop's short turns (a
 * 400,000-position study takes seconds in all; 10,000 positions at a time held the loop 25-30 ms).
 */
const DECK_STEP = 500;

/** The deck of a repertoire, built once (in steps, so other requests are answered meanwhile). */
function deckOf(app: FastifyInstance, rep: Repertoire): Promise<Deck> {
  const { decks } = app.drillMemory;
  let deck = decks.get(rep);
  if (!deck) {
    deck = (async () => {
      const turn = new LoopTurn();
      const builder = drillDeckBuilder(rep);
      while (builder.step(DECK_STEP)) await turn.yieldIfDue();
      const byKey = new Map<string, DrillDeckItem>();
      for (const [i, item] of builder.deck.entries()) {
        byKey.set(item.key, item);
        if (i % DECK_STEP === DECK_STEP - 1) await turn.yieldIfDue();
      }
      return { deck: builder.deck, byKey };
    })();
    decks.set(rep, deck);
  }
  return deck;
}

/** The deck of the study with the player's edits, built once per edited repertoire. */
export async function deckSource(
  app: FastifyInstance,
  userId: number,
  study: DrillStudy,
  color: Color,
): Promise<DrillDeckSource> {
  const rep = (await editedRepertoire(app, userId, color)) ?? (await studyRepertoire(app, study, color));
  const { deck, byKey } = await deckOf(app, rep);
  const { chapterLinks, known } = app.drillMemory;
  let byLink = chapterLinks.get(rep);
  if (!byLink) chapterLinks.set(rep, (byLink = new Map()));
  let urls = byLink.get(study.link ?? '');
  if (!urls) {
    urls = chapterUrls(study.text, study.link);
    byLink.set(study.link ?? '', urls);
  }
  known.set(knownKey(study.version, study.edits, color), {
    digest: study.digest,
    link: study.link ?? '',
    rep: new WeakRef(rep),
  });
  return { rep, deck, byKey, urls, digest: study.digest };
}

/**
 * A deck served lately (app.drillMemory.known): while the repertoire is still in memory, a call that
 * finds the study at that version (a small read) skips reading and hashing its text.
 */
export interface KnownDeck {
  digest: string;
  link: string;
  rep: WeakRef<Repertoire>;
}

const knownKey = (version: number, edits: string, color: Color) => `${version}:${edits}:${color}`;

/** The deck kept for this version of the study and its edits, when its repertoire is still in memory. */
export async function knownDeckSource(
  app: FastifyInstance,
  version: number,
  edits: string,
  color: Color,
): Promise<DrillDeckSource | undefined> {
  const entry = app.drillMemory.known.get(knownKey(version, edits, color));
  const rep = entry?.rep.deref();
  const urls = rep && app.drillMemory.chapterLinks.get(rep)?.get(entry!.link);
  if (!entry || !rep || !urls) return undefined;
  const { deck, byKey } = await deckOf(app, rep);
  return { rep, deck, byKey, urls, digest: entry.digest };
}

/** The study version and edits a player's colour was last served at: its next call expects that deck. */
export interface ServedDeck {
  version: number;
  edits: string;
}

export function noteServedDeck(
  app: FastifyInstance,
  userId: number,
  color: Color,
  version: number,
  edits: string,
): void {
  app.drillMemory.lastServed.set(`${userId}:${color}`, { version, edits });
}

/** The deck last served to the player's colour, while kept: a guess, to check against the head read next. */
export async function expectedDeck(
  app: FastifyInstance,
  userId: number,
  color: Color,
): Promise<{ source: DrillDeckSource; version: number; edits: string } | undefined> {
  const last = app.drillMemory.lastServed.get(`${userId}:${color}`);
  const source = last && (await knownDeckSource(app, last.version, last.edits, color));
  return source ? { source, ...last } : undefined;
}

/** Each chapter's Lichess address (ChapterURL, or a study chapter Site tag), in chapter order. */
export function chapterUrls(studyText: string, studyLink: string | null): (string | null)[] {
  if (!/lichess\.org\/study\//.test(studyText)) return [];
  return splitPgn(studyText).map((game) => {
    const tag = /\[(?:ChapterURL|Site) "(https:\/\/lichess\.org\/study\/[^"]+)"\]/.exec(game);
    return tag ? tag[1] : studyLink;
  });
}

export interface DrillItemValues {
  fen: string;
  line: string;
  move_number: number;
  answers: DrillAnswer[];
  ord: number;
  chapters: DrillChapterLink[];
  /** Digest of the texts: a sync compares it instead of reading them. */
  digest: string;
}

const answersText = (answers: DrillAnswer[]) => answers.map((a) => `${a.uci}:${a.san}`).join(' ');
const chaptersText = (chapters: DrillChapterLink[]) =>
  chapters.map((c) => `${c.name}\u0000${c.url ?? ''}`).join('\u0001');

/** What a row of the item holds. */
export function itemValues(item: DrillDeckItem, urls: (string | null)[]): DrillItemValues {
  const chapters = item.chapters.map((c): DrillChapterLink => ({ name: c.name, url: urls[c.index] ?? null }));
  const text = [item.fen, item.line, item.moveNumber, answersText(item.answers), chaptersText(chapters)].join('\n');
  const digest = createHash('sha1').update(text).digest('base64');
  return {
    fen: item.fen,
    line: item.line,
    move_number: item.moveNumber,
    answers: item.answers,
    ord: item.ord,
    chapters,
    digest,
  };
}
