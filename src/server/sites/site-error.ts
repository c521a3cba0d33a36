import { Result } from '@badrap/result';

/** Why a call to an external chess site gave no usable answer. */
export const siteFailureKinds = [
  'bad-input', // nothing was called: the argument cannot name anything on the site
  'no-token', // nothing was called: the site needs LICHESS_TOKEN
  'http', // the site answered with a non-2xx status (see `status`)
  'network', // connection refused, reset or DNS failure
  'timeout', // no full answer within the time limit
  'bad-json', // the body is not the JSON (or NDJSON) the site documents
  'bad-pgn', // the body is not PGN text
  'busy', // nothing was called: the player already has as many calls waiting for the host as allowed
] as const;
export type SiteFailureKind = (typeof siteFailureKinds)[number];

export class SiteError extends Error {
  override readonly name = 'SiteError';
  constructor(
    readonly kind: SiteFailureKind,
    message: string,
    /** HTTP status when kind is 'http'. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export type SiteResult<T> = Result<T, SiteError>;

export function siteOk<T>(value: T): SiteResult<T> {
  return Result.ok(value);
}

export function siteErr<T = never>(kind: SiteFailureKind, message: string, status?: number): SiteResult<T> {
  return Result.err(new SiteError(kind, message, status));
}

/** pino-like logger; Fastify's `app.log` fits. */
export interface SiteLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: SiteLogger = { info() {}, warn() {}, error() {} };
