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
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    usernameLichess: text('username_lichess'),
    usernameChessDotCom: text('username_chess_dot_com'),
    role: text('role'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** New drill items served a day (the drill screen's setting). */
    drillNewPerDay: integer('drill_new_per_day').notNull().default(20),
    /** Bumped on every change to the player's cards: the ETag of get-cards. */
    cardsVersion: integer('cards_version').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);

/** A login session; the cookie holds a random token, the row only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const authTokenKinds = ['password_reset', 'email_confirm'] as const;
export type AuthTokenKind = (typeof authTokenKinds)[number];

/** Single-use tokens mailed to users, stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: authTokenKinds }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** Counters for rate limits, shared by every app process on one database. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const gameReviews = pgTable(
  'game_reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull().default(''),
    opponentName: text('opponent_name').notNull().default(''),
    heroColor: text('hero_color', { enum: ['White', 'Black'] }).notNull(),
    datePlayed: timestamp('date_time_played', { withTimezone: true }),
    site: text('site').notNull().default(''),
    link: text('link'),
    pgn: text('pgn').notNull(),
    notes: text('notes').notNull().default(''),
    timeControl: text('time_control').notNull().default(''),
    heroElo: integer('hero_elo'),
    opponentElo: integer('opponent_elo'),
    /** 1, 0.5 or 0 from the hero's side. */
    result: doublePrecision('result'),
    howResolved: text('how_resolved'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('game_reviews_user_idx').on(t.userId, t.datePlayed),
    uniqueIndex('game_reviews_user_link_idx').on(t.userId, t.link),
  ],
);

export const mistakes = pgTable(
  'mistakes',
  {
    id: serial('id').primaryKey(),
    gameReviewId: integer('game_review_id')
      .notNull()
      .references(() => gameReviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Half-move index into the game, 1 = White's first move. */
    ply: integer('ply'),
    fen: text('fen'),
    move: text('move'),
    betterMove: text('better_move'),
    notes: text('notes').notNull().default(''),
    /** inaccuracy, mistake or blunder when the engine found it; null when the player marked it. */
    kind: text('kind', { enum: ['inaccuracy', 'mistake', 'blunder'] }),
    createdAt: createdAt(),
  },
  (t) => [index('mistakes_review_idx').on(t.gameReviewId)],
);

/** The browser engine's evaluation of every position of a review's game (a stopped one: as far as it went). */
export const gameAnalyses = pgTable(
  'game_analyses',
  {
    gameReviewId: integer('game_review_id')
      .primaryKey()
      .references(() => gameReviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    depth: integer('depth').notNull(),
    /** [{ply, cp | mate, best_uci}] from White's side, by ply. */
    evals: jsonb('evals').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('game_analyses_user_idx').on(t.userId)],
);

/** Lichess's cloud evaluations, shared by all users; `answer` null when Lichess had none. */
export const cloudEvals = pgTable(
  'cloud_evals',
  {
    /** Position key (FEN without move counters). */
    fen: text('fen').notNull(),
    multiPv: integer('multi_pv').notNull(),
    answer: jsonb('answer'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fen, t.multiPv] })],
);

export const cards = pgTable(
  'cards',
  {
    /** Generated by the client; unique per user. */
    id: text('id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull().default(''),
    promptFen: text('prompt_fen').notNull(),
    promptPgn: text('prompt_pgn').notNull().default(''),
    answer: text('answer').notNull().default(''),
    answerFen: text('answer_fen').notNull(),
    answerPgn: text('answer_pgn').notNull().default(''),
    orientation: text('orientation', { enum: ['white', 'black'] })
      .notNull()
      .default('white'),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    state: integer('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The card as get-cards sends it, written by the database on every change (trigger cards_list_json). */
    listJson: text('list_json'),
  },
  // In get-cards' order (due, then id), so the list is read without a sort.
  (t) => [primaryKey({ columns: [t.userId, t.id] }), index('cards_due_idx').on(t.userId, t.due, t.id)],
);

/** Every review ever scored; kept when the card is deleted. */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    rating: integer('rating').notNull(),
    state: integer('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    review: timestamp('review', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('review_logs_card_idx').on(t.userId, t.cardId),
    index('review_logs_user_review_idx').on(t.userId, t.review),
  ],
);

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
    op: text('op', { enum: ['add', 'remove'] }).notNull(),
    /** Movetext from the standard start, normalised ('1. e4 b6 2. d4'). */
    line: text('line').notNull(),
    /** The line's last move. */
    san: text('san').notNull(),
    /** Whether the position of the last move was in the study when the edit was made. */
    anchored: boolean('anchored').notNull(),
    /** Written to the Lichess study (additions only). */
    pushed: boolean('pushed').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('repertoire_edits_user_color_idx').on(t.userId, t.color, t.id)],
);

/** Explorer statistics per position, shared by all users (the spec's Stats record). */
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
export const sitePauses = pgTable('site_pauses', {
  host: text('host').primaryKey(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

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
  },
  (t) => [index('coverage_runs_user_color_idx').on(t.userId, t.color, t.id)],
);

/** One drill item: a repertoire position with the player to move, scheduled like a card (FSRS). */
export const drillItems = pgTable(
  'drill_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    /** Position key (FEN without move counters). */
    positionKey: text('position_key').notNull(),
    fen: text('fen').notNull(),
    /** Movetext of a shortest line to the position. */
    line: text('line').notNull().default(''),
    moveNumber: integer('move_number').notNull().default(1),
    /** [{uci, san}] of the repertoire moves here. */
    answers: jsonb('answers').notNull(),
    /** Repertoire order (for serving New items). */
    ord: integer('ord').notNull().default(0),
    /** Chapter names that reach the position, for the link to the study. */
    chapters: jsonb('chapters').notNull().default([]),
    /**
     * Digest of fen, line, move number, answers and chapters as last synced: a re-sync reads this
     * instead of the texts. Null (imported rows) means rewrite at the next sync.
     */
    contentDigest: text('content_digest'),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** The answers changed at the last sync. */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    state: integer('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('drill_items_user_color_key_idx').on(t.userId, t.color, t.positionKey),
    // Only items that can fall due (reviewed, changed or focused): New items, most of a fresh deck,
    // stay out of it, so a first sync of a large study writes one index less per row.
    index('drill_items_due_idx')
      .on(t.userId, t.color, t.due)
      .where(sql`${t.state} <> 0 or ${t.changedAt} is not null`),
  ],
);

/** Every drill answer, like review_logs for cards. */
export const drillLogs = pgTable(
  'drill_logs',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').notNull(),
    /** The move played (uci) and whether it was a repertoire move. */
    uci: text('uci').notNull(),
    correct: integer('correct').notNull(),
    rating: integer('rating').notNull(),
    /** State before the answer (0 = New: counts toward the day's new items). */
    state: integer('state').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    review: timestamp('review', { withTimezone: true }).notNull(),
  },
  (t) => [index('drill_logs_user_review_idx').on(t.userId, t.review), index('drill_logs_item_idx').on(t.itemId)],
);

/** Explorer statistics a player uploaded (update_stats): theirs alone, never the shared cache. */
export const userPositionStats = pgTable(
  'user_position_stats',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fen: text('fen').notNull(),
    speeds: text('speeds').notNull(),
    ratings: text('ratings').notNull(),
    white: integer('white').notNull(),
    draws: integer('draws').notNull(),
    black: integer('black').notNull(),
    moves: jsonb('moves').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fen, t.speeds, t.ratings] })],
);

/** The last preparation against one opponent: one row per (player, site, opponent, colour), replaced when run again. */
export const opponentPreps = pgTable(
  'opponent_preps',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    site: text('site', { enum: ['lichess', 'chesscom'] }).notNull(),
    /** The opponent's name as the site spells it in their games (as typed when no game names them). */
    username: text('username').notNull(),
    /** Lower case: names on both sites are case-insensitive. */
    usernameKey: text('username_key').notNull(),
    /** The colour the player will have. */
    color: text('color', { enum: ['white', 'black'] }).notNull(),
    games: integer('games').notNull(),
    compared: integer('compared').notNull(),
    /** {surprises, their_lines} as answered. */
    result: jsonb('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('opponent_preps_key_idx').on(t.userId, t.site, t.usernameKey, t.color),
    index('opponent_preps_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * When the player last looked at Today, to tell games played since the previous visit. A visit is a run
 * of Today loads less than 30 minutes apart; previousSeenAt is the last load of the visit before.
 */
export const todayVisits = pgTable('today_visits', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
  previousSeenAt: timestamp('previous_seen_at', { withTimezone: true }),
});

export const gameCheckSites = ['lichess', 'chesscom'] as const;

/**
 * The player's recent games on a site as last fetched in the background for Today (at most once an
 * hour per site): a failed fetch keeps the games of the last one that worked.
 */
export const siteGameChecks = pgTable(
  'site_game_checks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    site: text('site', { enum: gameCheckSites }).notNull(),
    /** The saved username the games belong to. */
    username: text('username').notNull(),
    /** When the last fetch started (claimed by one process). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When it ended; null while it runs. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Why the last fetch failed; null when it worked. */
    error: text('error'),
    /** [{link, played}] of the games fetched (played: ISO date-time or null). */
    games: jsonb('games').notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.userId, t.site] })],
);

/** FSRS weights fitted to the player's own reviews: their cards and drill are scheduled with them. */
export const playerSchedulers = pgTable('player_schedulers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 19 FSRS-5 weights. */
  weights: jsonb('weights').notNull(),
  /** Reviews the weights were fitted to. */
  reviews: integer('reviews').notNull(),
  /** 0..1: recall at those reviews, as it was and as the default and the fitted weights predicted it. */
  actualRecall: doublePrecision('actual_recall'),
  defaultRecall: doublePrecision('default_recall'),
  fittedRecall: doublePrecision('fitted_recall'),
  optimisedAt: timestamp('optimised_at', { withTimezone: true }).notNull().defaultNow(),
});
