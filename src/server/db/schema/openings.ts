// Opening studies and their workshop edits, explorer statistics, Lichess connections and coverage runs.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, jobsSchema } from './columns.js';
import { users } from './accounts.js';

/** One opening study per user and colour. */
export const studies = pgTable(
  'studies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    title: text('title').notNull().default(''),
    /** Null for an uploaded PGN file. */
    link: text('link'),
    /** Stored out of line without compression (migration 0008), as is drillDeckKeys: see there why. */
    studyText: text('study_text'),
    /** Comma-joined subset of ?, ??, !?, ?! */
    excludeMoveIndicators: text('exclude_move_indicators').notNull().default(''),
    lastUpdate: timestamp('last_update', { withTimezone: true }).notNull().defaultNow(),
    /** '<SHA-256 of the text and exclusions>:<items>' as of the last drill sync: an unchanged study skips the rebuild. */
    drillSynced: text('drill_synced'),
    /**
     * Position keys of the deck as of the last drill sync, one a line: the next sync counts what was
     * added and retired against it (New items are not stored until they are served).
     */
    drillDeckKeys: text('drill_deck_keys'),
    /**
     * md5 of study_text (line ends as \n), kept by a trigger (migration 0009) whenever the text is written: the edited
     * repertoire's cache and the opening forms know the stored study by it without reading the text.
     */
    textMd5: text('text_md5'),
    /** '<study id>/<chapter id>' of the additions chapter last written to the Lichess study. */
    additionsChapter: text('additions_chapter'),
    /** Until when a Save to Lichess holds this study (any process): null when none runs. */
    pushingUntil: timestamp('pushing_until', { withTimezone: true }),
    /**
     * Set anew from a sequence (a trigger, migration 0015) whenever the text, exclusions, link or title
     * is written: the drill checks this instead of reading and hashing the text on every call.
     */
    textVersion: bigint('text_version', { mode: 'number' })
      .notNull()
      .default(sql`nextval('study_text_versions')`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.color] })],
);

/**
 * Edits of a colour's repertoire, kept beside its study (whose text is never rewritten), applied in
 * id order: `add` puts every move of `line` in, `remove` takes out its last move.
 */
export const repertoireEdits = pgTable(
  'repertoire_edits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    op: text('op', { enum: ['add', 'remove', 'comment'] }).notNull(),
    /** Movetext from the standard start, normalised ('1. e4 b6 2. d4'). */
    line: text('line').notNull(),
    /** The line's last move. */
    san: text('san').notNull(),
    /** Whether the position of the last move was in the study when the edit was made. */
    anchored: boolean('anchored').notNull(),
    /** op 'comment': the player's note on the line's last move ('' clears it). */
    comment: text('comment'),
    /** An addition's moves: what it may add to the repertoire, bounded per colour. */
    plies: integer('plies').notNull().default(0),
    /** Written to the Lichess study (additions only). */
    pushed: boolean('pushed').notNull().default(false),
    createdAt: createdAt(),
    /** Edits made together (a trim) share the id of the first: one undo takes them all back. */
    groupId: integer('group_id'),
  },
  (t) => [index('repertoire_edits_user_color_idx').on(t.userId, t.color, t.id)],
);

/** Explorer statistics per position, shared by all users (the Stats record of get_stats and update_stats). */
export const positionStats = pgTable(
  'position_stats',
  {
    fen: text('fen').notNull(),
    /** Comma-joined, sorted. */
    speeds: text('speeds').notNull(),
    /** Comma-joined, sorted numerically. */
    ratings: text('ratings').notNull(),
    white: integer('white').notNull(),
    draws: integer('draws').notNull(),
    black: integer('black').notNull(),
    moves: jsonb('moves').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fen, t.speeds, t.ratings] })],
);

/** A player's Lichess connection (OAuth): the token is stored encrypted (AES-256-GCM), never in clear. */
export const lichessConnections = pgTable('lichess_connections', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lichessName: text('lichess_name').notNull(),
  /** base64url of iv | ciphertext | auth tag. */
  tokenEncrypted: text('token_encrypted').notNull(),
  createdAt: createdAt(),
});

/** A started Connect Lichess flow: single use, bound to the session that started it, short-lived. */
export const oauthStates = pgTable(
  'oauth_states',
  {
    /** SHA-256 of the state sent to Lichess. */
    stateHash: text('state_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the session token that started the flow. */
    sessionHash: text('session_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_user_idx').on(t.userId)],
);

/** Until when calls to an external host wait (after a 429), shared by every process on one database. */
export const sitePauses = pgTable(
  'site_pauses',
  {
    host: text('host').notNull(),
    /** A hash of the token the 429 answered; '' for calls made without one. */
    tokenKey: text('token_key').notNull().default(''),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'site_pauses_host_token_key_pk', columns: [t.host, t.tokenKey] })],
);

export const coverageRunStatuses = ['running', 'done', 'failed'] as const;

/** A player's coverage check of one colour: its filters, live progress and final result. */
export const coverageRuns = pgTable(
  'coverage_runs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    status: text('status', { enum: coverageRunStatuses }).notNull(),
    /** Comma-joined, as sent. */
    speeds: text('speeds').notNull(),
    ratings: text('ratings').notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    holes: jsonb('holes').notNull().default([]),
    settled: integer('settled').notNull().default(0),
    bound: doublePrecision('bound').notNull().default(0),
    /** Report text or the message saying why the run ended. */
    results: text('results').notNull().default(''),
    /** The full report (positions) once done. */
    report: jsonb('report'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while running: the process working on it refreshes it; a stale one means the process died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    /** The opening form the run was started with: any process builds its repertoire again from it. */
    input: jsonb('input'),
    /** Who works on the run: a token per attempt, renewed until lease_until; a stale lease is taken over. */
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Asked by any process; the one working on the run stops at its next step. */
    stopRequested: boolean('stop_requested').notNull().default(false),
    jobsSchema: jobsSchema(),
  },
  (t) => [
    index('coverage_runs_user_color_idx').on(t.userId, t.color, t.id),
    index('coverage_runs_running_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'running'`),
  ],
);

export const repertoireSourceKinds = ['lichess', 'file'] as const;

/**
 * The sources of a colour's repertoire (at most 8 a colour), in `ordinal` order: the studies row of
 * the colour holds their union, written whenever they change.
 */
export const repertoireSources = pgTable(
  'repertoire_sources',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: repertoireSourceKinds }).notNull(),
    link: text('link'),
    /** Stored out of line without compression, as studies.study_text. */
    studyText: text('study_text').notNull(),
    /** Comma-joined subset of ?, ??, !?, ?! */
    exclusions: text('exclusions').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Positions of the source alone; null until counted (sources made from a study by the migration). */
    positions: integer('positions'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('repertoire_sources_user_color_idx').on(t.userId, t.color, t.ordinal)],
);
