import type { FastifyReply } from 'fastify';

/**
 * A server-sent event stream on a hijacked reply: events as `event:`/`data:` blocks, a comment line
 * now and then so proxies do not close a stream that waits (a 429 pause is a minute), and `left` when
 * the client goes away. Writing after the client left writes nothing.
 *
 *   const stream = openEventStream(reply);
 *   stream.send('progress', { done: 3 });
 *   await Promise.race([work, stream.left]);
 *   stream.end();
 */

/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;

export interface EventStream {
  send(event: string, data: unknown): void;
  /** Settles when the client goes away, the process closes (`closing`) or `end` is called. */
  left: Promise<void>;
  /** Stops the heartbeat and ends the response. */
  end(): void;
}

export function openEventStream(
  reply: FastifyReply,
  { closing, heartbeatMs = HEARTBEAT_MS }: { closing?: AbortSignal; heartbeatMs?: number } = {},
): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  const open = () => !raw.writableEnded && !raw.destroyed;
  const heartbeat = setInterval(() => open() && raw.write(': waiting\n\n'), heartbeatMs);
  let leave = () => {};
  const left = new Promise<void>((resolve) => (leave = resolve));
  raw.on('close', leave);
  closing?.addEventListener('abort', leave);
  if (closing?.aborted) leave();
  return {
    send(event, data) {
      if (open()) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    left,
    end() {
      clearInterval(heartbeat);
      raw.off('close', leave);
      closing?.removeEventListener('abort', leave);
      leave();
      raw.end();
    },
  };
}
