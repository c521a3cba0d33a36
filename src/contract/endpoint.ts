import type { z } from 'zod';

/**
 * One API call as both sides know it: method, path, what it reads and what it answers. The server
 * registers its route from this (src/server/routes/route.ts) and the web calls it through one typed
 * client (src/web/lib/api.ts), so a path, a request or an answer cannot drift between them.
 */

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** How the web sends the body: JSON (the default), a urlencoded form, or multipart (files). */
type BodyKind = 'json' | 'form' | 'multipart';

/**
 * What comes back: JSON (the default), a server-sent event stream, plain text, a file to download, or
 * a redirect a browser follows (a link, not a fetch).
 */
type AnswerKind = 'json' | 'events' | 'text' | 'file' | 'redirect';

/**
 * An answer that is not JSON (an event stream, a file, a redirect), known by its type only: there is
 * nothing for a schema to check. A JSON answer always has a zod schema (a lint rule).
 */
interface AnswerType<T> {
  readonly typeOnly: true;
  /** Never set: carries T for the compiler. */
  readonly __answer?: T;
}

export const answerType = <T>(): AnswerType<T> => ({ typeOnly: true });

interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  A = unknown,
> {
  readonly method: HttpMethod;
  /** The full path, parameters as `:name` ('/api/repertoire/sources/:id'). */
  readonly path: string;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly bodyKind: BodyKind;
  /** A zod schema checks the answer as it is sent; an AnswerType only types it. */
  readonly answer: z.ZodType<A> | AnswerType<A>;
  readonly answerKind: AnswerKind;
  /** The statuses besides 200 the call answers on purpose (each with {error}). */
  readonly errors: readonly number[];
}

export type AnyEndpoint = Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, unknown>;

type Definition<P, Q, B, A> = {
  method: HttpMethod;
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  bodyKind?: BodyKind;
  answer: z.ZodType<A> | AnswerType<A>;
  answerKind?: AnswerKind;
  errors?: readonly number[];
};

export function endpoint<
  A,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(definition: Definition<P, Q, B, A>): Endpoint<P, Q, B, A> {
  return {
    method: definition.method,
    path: definition.path,
    params: definition.params as P,
    query: definition.query as Q,
    body: definition.body as B,
    bodyKind: definition.bodyKind ?? 'json',
    answer: definition.answer,
    answerKind: definition.answerKind ?? 'json',
    errors: definition.errors ?? [],
  };
}

/** What the call answers with status 200. */
export type AnswerOf<E extends AnyEndpoint> = E extends Endpoint<infer _P, infer _Q, infer _B, infer A> ? A : never;

/** The `api_data` of an answer that wraps its data so. */
export type DataOf<E extends AnyEndpoint> = AnswerOf<E> extends { api_data: infer D } ? D : never;

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller passes: each part the endpoint reads, and only those. */
export type CallInput<E extends AnyEndpoint> = (E['params'] extends z.ZodType
  ? { params: Input<E['params']> }
  : { params?: never }) &
  (E['query'] extends z.ZodType ? { query: Input<E['query']> } : { query?: never }) &
  (E['body'] extends z.ZodType
    ? undefined extends Input<E['body']>
      ? { body?: Input<E['body']> | FormData }
      : { body: Input<E['body']> | FormData }
    : { body?: never });

/** What the handler reads, after validation. */
export type ParamsOf<E extends AnyEndpoint> = Output<E['params']>;
export type QueryOf<E extends AnyEndpoint> = Output<E['query']>;
export type BodyOf<E extends AnyEndpoint> = Output<E['body']>;

export const isAnswerType = (answer: unknown): answer is AnswerType<unknown> =>
  typeof answer === 'object' && answer !== null && (answer as { typeOnly?: unknown }).typeOnly === true;

/** The path with its `:name` parameters filled in, and the query (lists as comma lists) appended. */
export function urlOf(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new TypeError(`${path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  if (!query) return filled;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
