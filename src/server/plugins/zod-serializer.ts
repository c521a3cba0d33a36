import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

/**
 * For a route whose endpoint answers with a zod schema: its answer is written through that schema
 * (route.ts sets it per route; answers known by type only go out as they are).
 */
export function zodSerializer<T>(route: FastifyRouteSchemaDef<T>) {
  return serializerCompiler({ ...route, schema: route.schema as ZodType });
}
