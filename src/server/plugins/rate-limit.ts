import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimitName, RateLimitRule } from '../config.js';
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
    rateLimit: (name: RateLimitName) => Hook;
  }
}

const CLEANUP_EVERY_MS = 5 * 60_000;

/**
 * Fixed-window counters kept in the database (rate_limit_hits), so that every app process sharing it counts
 * the same calls. One upsert per call counts and reads atomically; the database clock decides the window.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const settings = app.config.rateLimits;

  app.decorate('rateLimit', (name: RateLimitName): Hook => {
    if (settings === false) return async () => {};
    const rule = { ...defaultRateLimits[name], ...settings?.[name] };
    return async (request, reply) => {
      const { count, retryAfterMs } = await hit(app, `${name}:${request.ip}`, rule.windowMs);
      reply.header('x-ratelimit-limit', rule.max);
      reply.header('x-ratelimit-remaining', Math.max(0, rule.max - count));
      if (count > rule.max) {
        const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
        reply.header('retry-after', seconds);
        return reply.code(429).send({ error: `Too many requests, please try again in ${seconds} seconds` });
      }
    };
  });

  if (settings === false) return;
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

/** Counts one call under key and returns the count in the current window and the time until it ends. */
async function hit(app: FastifyInstance, key: string, windowMs: number) {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const rows = await app.db
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
      retryAfterMs: sql<string>`extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000`,
    });
  const row = rows[0];
  return { count: row.count, retryAfterMs: Number(row.retryAfterMs) };
}
