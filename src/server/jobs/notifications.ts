import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Messages between every process on one database: PostgreSQL's NOTIFY, heard by each process that
 * listens on the channel (the sender too). On PostgreSQL the listener holds a connection of its own;
 * PGlite delivers them within the process, to every app built on that database.
 *
 *   const bus = createNotificationBus(app.db);
 *   const stop = await bus.listen('coverage_runs', (payload) => ...);
 *   await bus.notify('coverage_runs', JSON.stringify({ run: 7 }));
 */

/** PostgreSQL refuses a payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7_900;

export interface NotificationBus {
  /** Sends to every listener of every process; this process's messages are delivered in the order sent. */
  notify(channel: string, payload: string): Promise<void>;
  /** Returns the function that stops listening. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

interface PostgresListen {
  listen(channel: string, fn: (payload: string) => void): Promise<{ unlisten(): Promise<void> }>;
}
interface PgliteListen {
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
}

export function createNotificationBus(db: Db, kind: 'pglite' | 'postgres'): NotificationBus {
  const client = (db as unknown as { $client: unknown }).$client;
  // One at a time: each NOTIFY commits before the next is sent, so they arrive in this order.
  let tail = Promise.resolve();
  return {
    notify(channel, payload) {
      const sent = tail.then(() => db.execute(sql`select pg_notify(${channel}, ${payload})`)).then(() => undefined);
      tail = sent.catch(() => undefined);
      return sent;
    },
    async listen(channel, onMessage) {
      if (kind === 'postgres') {
        const { unlisten } = await (client as PostgresListen).listen(channel, onMessage);
        return unlisten;
      }
      return (client as PgliteListen).listen(channel, onMessage);
    },
  };
}
