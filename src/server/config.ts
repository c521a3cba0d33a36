import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { PasswordCost } from './accounts/passwords.js';

/** Typed settings, read once from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; undefined means embedded PGlite in dataDir. */
  databaseUrl?: string;
  publicUrl: string;
  /** smtp://host:port; undefined means .eml files in dataDir/outbox. */
  smtpUrl?: string;
  sessionSecret: string;
  lichessUrl: string;
  lichessExplorerUrl: string;
  chessComUrl: string;
  lichessToken?: string;
  /** OAuth client id for Connect Lichess; default 'chess-prep' (Lichess needs no registration). */
  lichessClientId?: string;
  /** Directory with the built web app; undefined serves no static files. */
  webDir?: string;
  /** Log requests (off in tests). */
  logger: boolean;
  /** Timeout for each call to an external chess site. */
  siteTimeoutMs: number;
  /** Least time between two explorer lookups; undefined means none. */
  explorerIntervalMs?: number;
  /** Pause after a 429 from an external chess site. */
  rateLimitPauseMs: number;
  /** Per-IP limits on account calls; false turns them off. Unset parts take the defaults of plugins/rate-limit.ts. */
  rateLimits?: Partial<Record<RateLimitName, RateLimitRule>> | false;
  /** How long one process may reuse a session lookup (ms); 0 turns the cache off. Default 2000. */
  sessionCacheMs?: number;
  /** Trust X-Forwarded-For (only behind a known reverse proxy), so rate limits see the real client. */
  trustProxy?: boolean;
  /** How often the process looks for players whose games are due for the hourly import; 0 turns it off. */
  gameImportEveryMs?: number;
  /** The database schema of the job queue (default 'pgboss'): processes of one deployment share it. */
  jobsSchema?: string;
  /** The least time between two schedule optimisations of one player (default an hour). */
  optimiseCooldownMs?: number;
  /** Schedule optimisations one process runs at once (default 1): each fit takes a core for seconds. */
  optimiseConcurrency?: number;
  /** Opponent preparations one process runs at once (default 4); a player runs one at a time. */
  prepConcurrency?: number;
  /** argon2id's cost for new password hashes (default argon2's own: 64 MiB, 3 passes). */
  passwordCost?: PasswordCost;
}

export type RateLimitName = 'login' | 'register' | 'passwordResetRequest';
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

const optionalString = z
  .string()
  .optional()
  .transform((s) => (s === undefined || s.trim() === '' ? undefined : s.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  PUBLIC_URL: optionalString,
  SMTP_URL: optionalString,
  SESSION_SECRET: optionalString,
  LICHESS_URL: z.string().url().default('https://lichess.org'),
  LICHESS_EXPLORER_URL: z.string().url().default('https://explorer.lichess.org'),
  CHESSCOM_URL: z.string().url().default('https://api.chess.com'),
  LICHESS_TOKEN: optionalString,
  LICHESS_CLIENT_ID: optionalString,
  WEB_DIR: optionalString,
  LOG_REQUESTS: optionalString,
  SITE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  EXPLORER_INTERVAL_MS: z.coerce.number().int().nonnegative().default(1200),
  RATE_LIMIT_PAUSE_MS: z.coerce.number().int().nonnegative().default(60_000),
  GAME_IMPORT_EVERY_MS: z.coerce.number().int().nonnegative().default(60_000),
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
});

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/** Reads the secret kept in dataDir, creating it on first start. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${issues}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: stripSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    smtpUrl: e.SMTP_URL,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    lichessUrl: stripSlash(e.LICHESS_URL),
    lichessExplorerUrl: stripSlash(e.LICHESS_EXPLORER_URL),
    chessComUrl: stripSlash(e.CHESSCOM_URL),
    lichessToken: e.LICHESS_TOKEN,
    lichessClientId: e.LICHESS_CLIENT_ID ?? 'chess-prep',
    webDir: resolve(e.WEB_DIR ?? 'dist/web'),
    logger: e.LOG_REQUESTS !== 'false',
    siteTimeoutMs: e.SITE_TIMEOUT_MS,
    explorerIntervalMs: e.EXPLORER_INTERVAL_MS,
    rateLimitPauseMs: e.RATE_LIMIT_PAUSE_MS,
    rateLimits: e.RATE_LIMITS === 'off' ? false : undefined,
    trustProxy: e.TRUST_PROXY === 'true',
    gameImportEveryMs: e.GAME_IMPORT_EVERY_MS,
  };
}
