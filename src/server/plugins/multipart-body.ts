import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Largest request body, and so largest single field or file: 5 MB. */
export const BODY_LIMIT = 5 * 1024 * 1024;
export const BODY_LIMIT_TEXT = '5 MB';

/** A request a person can fix by sending less: answered 413 {error}. */
export class TooLargeError extends Error {
  readonly statusCode = 413;
}

/**
 * Multipart forms (the opening tools) read into `request.body` as key/values: a field is a string, a
 * file a Buffer, a repeated name an array. Limits bound what one form may make the server hold, and a
 * field over the limit is refused with 413 rather than silently cut (busboy cuts it and says so only
 * in a flag, which the key/value body would drop). Routes needing a session check it in onRequest,
 * before any of this reads the body.
 */
export const multipartBodyPlugin = fp(async (app: FastifyInstance) => {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: BODY_LIMIT, fieldSize: BODY_LIMIT, files: 4, fields: 100, parts: 100 },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart() || !request.body || typeof request.body !== 'object') return;
    const body: Record<string, unknown> = {};
    for (const [name, entry] of Object.entries(request.body as Record<string, Part | Part[]>)) {
      const values = [entry].flat().map((part) => valueOf(name, part));
      body[name] = values.length === 1 ? values[0] : values;
    }
    request.body = body;
  });
});

interface Part {
  type: 'field' | 'file';
  value?: unknown;
  valueTruncated?: boolean;
  fieldnameTruncated?: boolean;
  _buf?: Buffer;
}

function valueOf(name: string, part: Part): unknown {
  if (part.valueTruncated || part.fieldnameTruncated) {
    throw new TooLargeError(`${name} is larger than the ${BODY_LIMIT_TEXT} limit`);
  }
  return part.type === 'file' ? (part._buf ?? Buffer.alloc(0)) : part.value;
}
