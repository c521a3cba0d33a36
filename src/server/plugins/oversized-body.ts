import type { IncomingMessage } from 'node:http';

/** Bytes of an oversized body read and thrown away so its sender can read the 413; beyond that the connection closes. */
export const DRAIN_MAX_BYTES = 128 * 1024 * 1024;
const DRAIN_MAX_MS = 60_000;

/** '5 MB', '100 MB', '512 KB': a limit as a person reads it. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/**
 * Reads the rest of a request body and drops it, so a client still sending gets the answer instead
 * of a broken pipe. True when the body ended; false when it declares, or turns out, longer than
 * DRAIN_MAX_BYTES or takes too long (the caller then closes the connection after answering).
 */
export function drainBody(raw: IncomingMessage): Promise<boolean> {
  if (raw.complete || raw.readableEnded) return Promise.resolve(true);
  if (Number(raw.headers['content-length']) > DRAIN_MAX_BYTES) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      raw.off('error', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_MAX_BYTES) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.once('end', onEnd);
    raw.once('close', onClose);
    raw.once('error', onClose);
    raw.resume();
  });
}
