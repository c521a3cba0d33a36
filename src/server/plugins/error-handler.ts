import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { BODY_LIMIT } from './multipart-body.js';
import { drainBody, sizeText } from './oversized-body.js';

/** Thrown by routes for input a person can fix; answered as 400 {error}. */
export class BadRequestError extends Error {}

/** Turns bad input into 400 {error} and hides the details of anything else. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ZodError) {
      const message = error.issues
        .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
        .join('; ');
      return reply.code(400).send({ error: message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const message = error.validation
        .map((v) => `${v.instancePath ? `${where}${v.instancePath.replaceAll('/', '.')}` : where}: ${v.message}`)
        .join('; ');
      return reply.code(400).send({ error: message });
    }
    if (error instanceof BadRequestError) {
      return reply.code(400).send({ error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return answerTooLarge(error, request, reply);
    // 503: the server is going away and says so (what to do is in the message).
    if ((status >= 400 && status < 500) || status === 503) {
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error' });
  });
});

/**
 * 413 naming the limit that was passed (the route's own, or the field's). The rest of the body is read
 * and dropped first, so a client still sending reads the answer; a body too large even for that gets
 * the answer with Connection: close.
 */
async function answerTooLarge(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const limit = sizeText(request.routeOptions.bodyLimit ?? BODY_LIMIT);
  const field = (error as { part?: { fieldname?: string } }).part?.fieldname;
  const message =
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? `The request is larger than the ${limit} limit`
      : error.code === 'FST_REQ_FILE_TOO_LARGE'
        ? `${field ?? 'A file'} is larger than the ${sizeText(BODY_LIMIT)} limit`
        : error.message;
  const drained = await drainBody(request.raw);
  if (drained) reply.removeHeader('connection');
  else reply.header('connection', 'close');
  return reply.code(413).send({ error: message });
}
