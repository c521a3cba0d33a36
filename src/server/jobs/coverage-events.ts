import type { FastifyBaseLogger } from 'fastify';
import type { CoverageEvent } from '@contract/coverage.js';
import { MAX_PAYLOAD_BYTES, type NotificationBus } from './notifications.js';

/**
 * What a coverage run tells the streams following it, on any process: its events (progress, holes,
 * status), `stop` (asked by any process; the one working on the run stops) and `ended` (the run's row
 * holds its end). One channel for every run; each app keeps one listener and hands messages to the
 * followers of their run.
 */

export const COVERAGE_CHANNEL = 'coverage_runs';

export type RunMessage = CoverageEvent | { event: 'stop' } | { event: 'ended' };

interface Envelope {
  run: number;
  message: RunMessage;
}

/** The JSON of a message, within a notification's limit: a holes event carries fewer holes if need be. */
export function encodeRunMessage(run: number, message: RunMessage): string {
  let text = JSON.stringify({ run, message } satisfies Envelope);
  if (message.event !== 'holes') return text;
  let holes = message.data.holes;
  while (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES && holes.length > 0) {
    holes = holes.slice(0, Math.floor(holes.length / 2));
    text = JSON.stringify({ run, message: { event: 'holes', data: { ...message.data, holes } } } satisfies Envelope);
  }
  return text;
}

export interface RunFollowers {
  /** Hears the run's messages until the returned function is called. */
  follow(run: number, listener: (message: RunMessage) => void): Promise<() => void>;
  /** A publisher for one run: events of one kind sent while the one before waits are merged (the latest wins). */
  publisher(run: number): RunPublisher;
  send(run: number, message: RunMessage): Promise<void>;
}

export interface RunPublisher {
  publish(event: CoverageEvent): void;
  /** Settles once every event published so far is sent. */
  flush(): Promise<void>;
}

export function createRunFollowers(bus: NotificationBus, log: FastifyBaseLogger): RunFollowers {
  const followers = new Map<number, Set<(message: RunMessage) => void>>();
  let listening: Promise<unknown> | undefined;
  const onPayload = (payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    for (const listener of followers.get(envelope.run) ?? []) listener(envelope.message);
  };
  const send = (run: number, message: RunMessage) => bus.notify(COVERAGE_CHANNEL, encodeRunMessage(run, message));

  return {
    send,
    async follow(run, listener) {
      listening ??= bus.listen(COVERAGE_CHANNEL, onPayload);
      await listening;
      let set = followers.get(run);
      if (!set) followers.set(run, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && followers.get(run) === set) followers.delete(run);
      };
    },
    publisher(run) {
      const pending = new Map<string, CoverageEvent>();
      let sending: Promise<void> | undefined;
      const pump = async () => {
        while (pending.size > 0) {
          const batch = [...pending.values()];
          pending.clear();
          for (const event of batch)
            await send(run, event).catch((error: unknown) => log.warn({ err: error }, 'coverage event not sent'));
        }
        sending = undefined;
      };
      return {
        publish(event) {
          pending.set(event.event, event);
          sending ??= pump();
        },
        flush: async () => {
          while (sending) await sending;
        },
      };
    },
  };
}
