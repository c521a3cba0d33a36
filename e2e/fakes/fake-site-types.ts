import type { IncomingHttpHeaders } from 'node:http';
import type { FakeOAuth } from './fake-oauth.js';
import type { FakeStudyWrites } from './fake-study-write.js';

// The fake sites' routes, failure modes and options: what tests and the control endpoint name.

export const fakeRoutes = [
  'lichess-games',
  'lichess-studies',
  'lichess-study-pgn',
  'explorer',
  'chesscom-games',
  'lichess-user',
  'lichess-study-write',
  'lichess-cloud-eval',
] as const;
export type FakeRoute = (typeof fakeRoutes)[number];

export const fakeModes = ['ok', 'slow', 'error500', 'notfound404', 'rate429', 'garbage', 'down'] as const;
export type FakeMode = (typeof fakeModes)[number];

export interface FakeModeOptions {
  /** For 'slow': wait this long before answering normally (ms, default 3000). */
  delayMs?: number;
  /** Apply the mode to the next request only, then answer normally again. */
  once?: boolean;
  /** Answer this many more requests normally before the mode takes effect. */
  after?: number;
}

export interface FakeRequest {
  route: FakeRoute;
  url: string;
  headers: IncomingHttpHeaders;
  startedAt: number;
  /** When the answer was sent or the socket closed; undefined while pending. */
  finishedAt?: number;
}

export interface FakeSitesOptions {
  lichessPort?: number;
  explorerPort?: number;
  chesscomPort?: number;
  fixturesDir?: string;
  /** The bearer token the explorer accepts; any non-empty token when unset. */
  explorerToken?: string;
  /** 'YYYY/MM' months whose Chess.com archive holds the fixture games; others are empty. Default: the current UTC month and 2020/05. */
  chesscomMonths?: string[];
}

export interface FakeSites {
  lichessUrl: string;
  explorerUrl: string;
  chesscomUrl: string;
  /** Connect Lichess: the fake OAuth server on the Lichess URL, with its tokens. */
  oauth: FakeOAuth;
  /** Chapters written to studies (import-pgn, chapter delete). */
  studyWrites: FakeStudyWrites;
  setMode(route: FakeRoute, mode: FakeMode, options?: FakeModeOptions): void;
  /** How many requests the route has seen since start or the last reset. */
  requests(route: FakeRoute): number;
  requestLog(route: FakeRoute): FakeRequest[];
  /** All routes back to 'ok', counters and logs cleared. */
  reset(): void;
  close(): Promise<void>;
}
