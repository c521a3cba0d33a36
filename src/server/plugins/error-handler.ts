import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { BODY_LIMIT_TEXT } from './multipart-body.js';

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
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: `The request is larger than the ${BODY_LIMIT_TEXT} limit` });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'Internal server error' });
  });
});
