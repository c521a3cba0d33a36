import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StarterEvent } from '@contract/starter.js';
import type { Color } from '../../chess/index.js';
import {
  claimBuild,
  endBuild,
  handBack,
  latestBuild,
  latestBuildId,
  openBuild,
  reapStaleBuilds,
  requestStop,
  saveProgress,
  type StarterForm,
} from '../repertoire/starter-builds-repository.js';
import { runStarterWalk, type StarterOutcome } from '../repertoire/starter-runner.js';

/**
 * Starter builds as jobs: starting one opens its starter_builds row (with the form) and queues a job;
 * whichever process takes the job claims the row and works, saving progress (which renews its claim)
 * at least every few seconds. Every process queues again the builds of its job queue whose worker went
 * quiet, so a dead process's build goes on elsewhere, from the shared explorer cache (nothing is looked
 * up twice). Events reach the streams of every process through the database's notifications.
 */

export const STARTER_QUEUE = 'starter_build';
const CHANNEL = 'starter_builds';
/** Builds worked at once by one process; more wait in the queue. */
const CONCURRENCY = 2;
const REAP_EVERY_MS = 5_000;
/** Least time between two progress notifications of one build. */
const PUBLISH_EVERY_MS = 250;

export type StarterMessage = Exclude<StarterEvent, { event: 'result' }> | { event: 'ended' };

interface Envelope {
  u: number;
  c: Color;
  b: string;
  m: StarterMessage;
}

export interface StarterBuilds {
  /** Opens a build (replacing the colour's latest), follows it, then queues it; answers its id and the unfollow. */
  start(
    userId: number,
    color: Color,
    form: StarterForm,
    listener: (message: StarterMessage) => void,
  ): Promise<{ build: string; unfollow: () => void }>;
  /** Hears a build's events (from whichever process works on it) until the returned function is called. */
  follow(userId: number, color: Color, build: string, listener: (message: StarterMessage) => void): Promise<() => void>;
  /** Asks the colour's running build to stop (from any process). */
  stop(userId: number, color: Color): Promise<void>;
}

export function createStarterBuilds(app: FastifyInstance): StarterBuilds {
  const listeners = new Map<string, Set<(message: StarterMessage) => void>>();
  let listening: Promise<unknown> | undefined;
  const keyOf = (userId: number, color: Color, build: string) => `${userId}:${color}:${build}`;
  const send = (userId: number, color: Color, build: string, m: StarterMessage) =>
    app.jobs.bus.notify(CHANNEL, JSON.stringify({ u: userId, c: color, b: build, m } satisfies Envelope));
  const onPayload = (payload: string) => {
    const { u, c, b, m } = JSON.parse(payload) as Envelope;
    for (const listener of listeners.get(keyOf(u, c, b)) ?? []) listener(m);
  };
  const follow = async (userId: number, color: Color, build: string, listener: (m: StarterMessage) => void) => {
    listening ??= app.jobs.bus.listen(CHANNEL, onPayload);
    await listening;
    const key = keyOf(userId, color, build);
    const set = listeners.get(key) ?? new Set();
    listeners.set(key, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(key);
    };
  };
  const queue = (userId: number, color: Color) =>
    app.jobs.send(STARTER_QUEUE, { userId, color }, `starter-${userId}-${color}`);

  app.jobs.work<{ userId: number; color: Color }>(STARTER_QUEUE, CONCURRENCY, ({ userId, color }, closing) =>
    work(userId, color, closing),
  );
  app.jobs.every(REAP_EVERY_MS, async () => {
    for (const { userId, color } of await reapStaleBuilds(app.db, app.jobs.schema)) {
      app.log.warn({ userId, color }, 'a starter build went quiet; it is queued again');
      await queue(userId, color);
    }
  });

  async function work(userId: number, color: Color, closing: AbortSignal): Promise<void> {
    const token = randomUUID();
    const claim = await claimBuild(app.db, userId, color, token, app.jobs.schema);
    if (!claim) return;
    const { build } = claim;
    let lastPublish = 0;
    const outcome: StarterOutcome = await runStarterWalk(app, userId, color, claim, {
      closing,
      save: (state) => saveProgress(app.db, userId, color, token, state),
      publish: (event) => {
        if (event.event === 'progress' && Date.now() - lastPublish < PUBLISH_EVERY_MS) return;
        lastPublish = Date.now();
        send(userId, color, build, event).catch((error: unknown) =>
          app.log.error({ err: error }, 'a starter event was not sent'),
        );
      },
    });
    if (outcome.kind === 'lost') return;
    if (outcome.kind === 'shutdown') {
      await saveProgress(app.db, userId, color, token, outcome.state);
      // Back to the queue at once: another process (or this one, restarted) goes on from the cache.
      if (await handBack(app.db, userId, color, token)) await queue(userId, color);
      return;
    }
    await endBuild(app.db, userId, color, token, outcome.state);
    await send(userId, color, build, { event: 'ended' });
  }

  return {
    async start(userId, color, form, listener) {
      const build = randomUUID();
      const replaced = await openBuildReplacing(userId, color, build, form);
      if (replaced) await send(userId, color, replaced, { event: 'ended' });
      const unfollow = await follow(userId, color, build, listener);
      await queue(userId, color);
      return { build, unfollow };
    },
    follow,
    async stop(userId, color) {
      // Whoever works on it ends it at its next save; a build no process held is ended here.
      const build = await requestStop(app.db, userId, color);
      if (build && (await latestBuild(app.db, userId, color))?.status !== 'running')
        await send(userId, color, build, { event: 'ended' });
    },
  };

  /** Opens the new build; answers the id of a running build it replaced, whose streams must end. */
  async function openBuildReplacing(userId: number, color: Color, build: string, form: StarterForm) {
    const old = await latestBuild(app.db, userId, color);
    const oldId = old?.status === 'running' ? await latestBuildId(app.db, userId, color) : undefined;
    await openBuild(app.db, userId, color, build, form, app.jobs.schema);
    return oldId;
  }
}
