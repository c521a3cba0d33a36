import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions, FastifySchema } from 'fastify';
import type { z } from 'zod';
import {
  isAnswerType,
  type AnswerOf,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
} from '@contract/endpoint.js';
import { zodSerializer } from '../plugins/zod-serializer.js';

/** Where the API's routes are mounted (app.ts registers them under it). */
const API_PREFIX = '/api';

export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/**
 * A handler returns the endpoint's answer, or sends something else itself through `reply` (an error
 * status, a stream, a file) and returns the reply.
 */
export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<AnswerOf<E> | FastifyReply | void> | AnswerOf<E> | FastifyReply | void;

/** Hooks and limits a route may add; its method, path and schema come from the endpoint. */
export type EndpointOptions = Pick<RouteShorthandOptions, 'onRequest' | 'preHandler' | 'bodyLimit' | 'config'>;

/**
 * Registers `endpoint` on `app` (mounted under /api): the request is validated against the endpoint's
 * params, query and body schemas before the handler runs, and an answer with a schema is written
 * through it.
 */
export function route<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointOptions,
  handler: EndpointHandler<E>,
): void {
  if (!endpoint.path.startsWith(`${API_PREFIX}/`)) throw new Error(`${endpoint.path} is not under ${API_PREFIX}`);
  const answer = isAnswerType(endpoint.answer) ? undefined : (endpoint.answer as z.ZodType);
  const schema: FastifySchema = {
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(answer && endpoint.answerKind === 'json' ? { response: { 200: answer } } : {}),
  };
  // eslint-disable-next-line no-restricted-syntax -- the one place routes are registered, from their endpoint
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path.slice(API_PREFIX.length),
    schema,
    ...(schema.response ? { serializerCompiler: zodSerializer } : {}),
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => unknown,
  });
}
