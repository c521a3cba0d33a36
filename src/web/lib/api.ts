// The one typed client of the API: every call names its endpoint (src/contract), so the path, what is
// sent and what comes back are the ones the server's route declares.
import { urlOf, type AnswerOf, type AnyEndpoint, type CallInput, type DataOf } from '@contract/endpoint.js';
import {
  apiDelete,
  apiGet,
  apiPatchJson,
  apiPostEventStream,
  apiPostForm,
  apiPostJson,
  apiPostJsonEventStream,
  apiPostMultipart,
  type Fields,
  type RequestOptions,
  type ServerEvent,
} from './api-client.js';

type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

/** The URL of a call, for a link or a download (`<a href>`), or an EventSource. */
export function hrefOf<E extends AnyEndpoint>(endpoint: E, ...[input]: OptionalInput<E>): string {
  const given = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  return urlOf(endpoint.path, given.params, given.query);
}

/** Calls `endpoint` and resolves with its whole answer; a non-2xx answer rejects with ApiError. */
export function call<E extends AnyEndpoint>(
  endpoint: E,
  ...[input, options]: [...OptionalInput<E>, RequestOptions<AnswerOf<E>>?]
): Promise<AnswerOf<E>> {
  const given = (input ?? {}) as { params?: Record<string, unknown>; query?: Query; body?: unknown };
  const url = urlOf(endpoint.path, given.params);
  const opts = (options ?? {}) as RequestOptions<AnswerOf<E>>;
  switch (endpoint.method) {
    case 'GET':
      return apiGet(url, given.query, opts);
    case 'DELETE':
      return apiDelete(withQuery(url, given.query), opts);
    case 'PATCH':
      return apiPatchJson(withQuery(url, given.query), given.body ?? {}, opts);
    case 'POST': {
      const target = withQuery(url, given.query);
      const body = given.body;
      if (body instanceof FormData || endpoint.bodyKind === 'multipart') {
        return apiPostMultipart(target, (body ?? {}) as FormData | Fields, opts);
      }
      if (endpoint.bodyKind === 'form') return apiPostForm(target, (body ?? {}) as Fields, opts);
      return apiPostJson(target, body ?? {}, opts);
    }
  }
}

/** Calls `endpoint` and resolves with the `api_data` its answer wraps. */
export async function callData<E extends AnyEndpoint>(
  endpoint: E,
  ...[input, options]: [...OptionalInput<E>, RequestOptions<AnswerOf<E>>?]
): Promise<DataOf<E>> {
  const answer = (await (call as (e: E, i: unknown, o: unknown) => Promise<unknown>)(endpoint, input, options)) as {
    api_data?: DataOf<E>;
  };
  return answer.api_data as DataOf<E>;
}

/** Calls an event-stream endpoint, handing each event to onEvent; resolves when the stream ends. */
export function callEvents<E extends AnyEndpoint>(
  endpoint: E,
  input: CallInput<E>,
  onEvent: (event: ServerEvent) => void,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const given = input as { params?: Record<string, unknown>; query?: Query; body?: unknown };
  const url = withQuery(urlOf(endpoint.path, given.params), given.query);
  const body = given.body ?? {};
  if (body instanceof FormData || endpoint.bodyKind !== 'json') {
    return apiPostEventStream(url, body as FormData | Fields, onEvent, options);
  }
  return apiPostJsonEventStream(url, body, onEvent, options);
}

/** The input may be left out when the endpoint reads nothing. */
type OptionalInput<E extends AnyEndpoint> = [E['params'] | E['query'] | E['body']] extends [undefined]
  ? [input?: CallInput<E>]
  : [input: CallInput<E>];

function withQuery(url: string, query: Query | undefined): string {
  return query ? urlOf(url, undefined, query) : url;
}
