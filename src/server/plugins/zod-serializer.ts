import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * For a route whose response schema is a contract (zod) schema: its answer is written through that
 * schema. Set per route, as the app's other response schemas are JSON Schema for Fastify's fast
 * serialiser (get-cards, check-if-logged-in).
 */
export function zodSerializer<T>(route: FastifyRouteSchemaDef<T>) {
  return serializerCompiler({ ...route, schema: route.schema as ZodType });
}
