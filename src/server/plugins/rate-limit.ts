import fastifyRateLimit from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitName, RateLimitRule } from '../config.js';
import type { Db } from '../db/client.js';
import { rateLimitHits } from '../db/schema.js';

export const defaultRateLimits: Record<RateLimitName, RateLimitRule> = {
  login: { max: 10, windowMs: 60_000 },
  register: { max: 5, windowMs: 60_000 },
  passwordResetRequest: { max: 10, windowMs: 60_000 },
};

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** An onRequest hook counting calls per client IP under that limit's name; over the limit it answers 429 {error}. */
    limitCalls: (name: RateLimitName) => Hook;
  }
}

const CLEANUP_EVERY_MS = 5 * 60_000;

/**
 * The API's rate limits with @fastify/rate-limit on a store of our own: fixed-window counters in the
 * database (rate_limit_hits), so every app process sharing it counts the same calls (its own stores are
 * in-process or Redis). Only the routes that ask are limited, never static files.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const settings = app.config.rateLimits;
  if (settings === false) {
    app.decorate('limitCalls', (): Hook => async () => {});
    return;
  }
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(app.db),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return Object.assign(new Error(`Too many requests, please try again in ${seconds} seconds`), {
        statusCode: 429,
      });
    },
  });
  app.decorate('limitCalls', (name: RateLimitName): Hook => {
    const rule = { ...defaultRateLimits[name], ...settings?.[name] };
    return app.rateLimit({
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => `${name}:${request.ip}`,
    }) as Hook;
  });

  // Old windows are dead weight: drop them now and then.
  const timer = setInterval(() => {
    app.db
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.resetAt, sql`now()`))
      .catch((err: unknown) => app.log.warn({ err }, 'rate limit cleanup failed'));
  }, CLEANUP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});

type Counted = { current: number; ttl: number };

/** A @fastify/rate-limit store whose counts live in the database; one store serves every limit. */
function databaseStore(db: Db) {
  return class DatabaseStore {
    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void {
      hit(db, key, timeWindow).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }
    child(): DatabaseStore {
      return this;
    }
  };
}

/** Counts one call under key: one upsert counts and reads atomically; the database clock decides the window. */
async function hit(db: Db, key: string, windowMs: number): Promise<Counted> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const rows = await db
    .insert(rateLimitHits)
    .values({ key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${rateLimitHits.resetAt} <= now() then 1 else ${rateLimitHits.count} + 1 end`,
        resetAt: sql`case when ${rateLimitHits.resetAt} <= now() then now() + ${window} else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimitHits.count,
      ttl: sql<string>`extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000`,
    });
  return { current: rows[0].count, ttl: Math.max(0, Number(rows[0].ttl)) };
}
