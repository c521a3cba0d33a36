import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BadRequestError } from './error-handler.js';

/**
 * PostgreSQL text cannot hold a NUL character, so a NUL in any field would fail deep inside a query
 * as a 500. One hook, before any route validates its input, looks through every body (JSON, form and
 * multipart fields and files), query and path parameter, and answers 400 naming the field.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      if (typeof value === 'object' && value !== null && CHECKED_BY_ROUTE in value) continue;
      const field = findNul(value, []);
      if (field !== undefined) {
        const name = field || where;
        throw new BadRequestError(`${name}: text may not contain NUL (\\u0000) characters`);
      }
    }
  });
});

/**
 * Marks a body its route looks through itself, a row at a time between turns of the event loop. A
 * symbol key: no field name, walk or schema sees it.
 */
const CHECKED_BY_ROUTE = Symbol('NUL characters checked by the route');

/**
 * Marks a parsed body that its route checks for NUL characters itself (the account import: a walk of
 * a whole 100,000-row document at once would hold every other request).
 */
export function leaveNulCheckToRoute<T extends object>(body: T): T {
  Object.defineProperty(body, CHECKED_BY_ROUTE, { value: true });
  return body;
}

const MAX_DEPTH = 64;

/** The path of the first value holding a NUL ('' for the value itself), or undefined when none does. */
export function findNul(value: unknown, path: (string | number)[]): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (Buffer.isBuffer(value)) return value.includes(0) ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return undefined;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    if (typeof key === 'string' && key.includes('\u0000')) return [...path, '(a field name)'].join('.');
    const found = findNul(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
