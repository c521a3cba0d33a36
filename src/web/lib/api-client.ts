// The one way the web app talks to /api: cookies always sent, the XSRF cookie echoed as a header
// on every POST, PATCH and DELETE, answers parsed by content type, failures thrown as ApiError.

/** Why a call failed: the server answered non-2xx ('http'), or no answer arrived ('network'). */
export type ApiErrorKind = 'http' | 'network';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, 0 when no answer arrived. */
  readonly status: number;
  /** The parsed answer body (JSON or text), when there was one. */
  readonly body: unknown;

  constructor(kind: ApiErrorKind, status: number, message: string, body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * TanStack Query's retry for calls worth repeating: up to three more tries, unless the server refused
 * the call (4xx), which it would only refuse again. A missing answer or a failing server is tried again.
 */
export const retryUnlessRefused = (failures: number, error: Error): boolean =>
  failures < 3 && !(isApiError(error) && error.status >= 400 && error.status < 500);

/** Value types a form or multipart field accepts; arrays repeat the field, undefined leaves it out. */
export type FieldValue = string | number | boolean | Blob | undefined | null | readonly (string | Blob)[];
export type Fields = Record<string, FieldValue>;

export type RequestOptions<T> = {
  signal?: AbortSignal;
  /** Checks the answer's shape, e.g. a zod schema's `parse`; the default trusts the server. */
  parse?: (data: unknown) => T;
  /** Sent even when the page is being left (closed tab, reload): for small saves on the way out. */
  keepalive?: boolean;
};

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** The current XSRF-TOKEN cookie value, if the server has set one. */
export function readXsrfToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === XSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** GET `path` with an optional query; arrays become comma lists (the server's convention). */
export function apiGet<T = unknown>(
  path: string,
  query?: Record<string, string | number | boolean | readonly string[] | undefined>,
  options: RequestOptions<T> = {},
): Promise<T> {
  const url = query ? `${path}?${toSearchParams(query)}` : path;
  return send(url, { method: 'GET' }, options);
}

/** POST fields as application/x-www-form-urlencoded. */
export function apiPostForm<T = unknown>(
  path: string,
  fields: Fields = {},
  options: RequestOptions<T> = {},
): Promise<T> {
  const body = new URLSearchParams();
  for (const [name, value] of fieldEntries(fields)) {
    if (typeof value !== 'string') throw new TypeError(`Field ${name}: files need apiPostMultipart`);
    body.append(name, value);
  }
  return send(path, { method: 'POST', body }, options);
}

/** PATCH a JSON body. */
export function apiPatchJson<T = unknown>(path: string, data: unknown, options: RequestOptions<T> = {}): Promise<T> {
  return send(
    path,
    { method: 'PATCH', body: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } },
    options,
  );
}

/** DELETE, with no body. */
export function apiDelete<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  return send(path, { method: 'DELETE' }, options);
}

/** POST a JSON body. */
export function apiPostJson<T = unknown>(path: string, data: unknown, options: RequestOptions<T> = {}): Promise<T> {
  return send(
    path,
    { method: 'POST', body: JSON.stringify(data), headers: { 'Content-Type': 'application/json' } },
    options,
  );
}

/** POST multipart/form-data: from a FormData, or from fields (arrays repeat the name, e.g. 'excludeSymbols[]'). */
export function apiPostMultipart<T = unknown>(
  path: string,
  fields: FormData | Fields,
  options: RequestOptions<T> = {},
): Promise<T> {
  return send(path, { method: 'POST', body: toFormData(fields) }, options);
}

/** One server-sent event: its `event:` name ('message' by default) and its `data:` parsed as JSON when it is JSON. */
export type ServerEvent = { event: string; data: unknown };

/**
 * POST multipart fields and read a text/event-stream answer, calling onEvent per event.
 * Resolves when the stream ends; rejects with ApiError like the other calls.
 */
export async function apiPostEventStream(
  path: string,
  fields: FormData | Fields,
  onEvent: (event: ServerEvent) => void,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const response = await fetchWithXsrf(path, { method: 'POST', body: toFormData(fields), signal: options.signal });
  return readEventStream(response, onEvent);
}

/** POST a JSON body and read a text/event-stream answer, calling onEvent per event (as apiPostEventStream). */
export async function apiPostJsonEventStream(
  path: string,
  data: unknown,
  onEvent: (event: ServerEvent) => void,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const response = await fetchWithXsrf(path, {
    method: 'POST',
    body: JSON.stringify(data),
    headers: { 'Content-Type': 'application/json' },
    signal: options.signal,
  });
  return readEventStream(response, onEvent);
}

async function readEventStream(response: Response, onEvent: (event: ServerEvent) => void): Promise<void> {
  if (!response.ok) throw await httpError(response);
  if (!response.body) return;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    const blocks = buffer.split(/\r?\n\r?\n/);
    buffer = done ? '' : (blocks.pop() ?? '');
    for (const block of blocks) {
      const event = parseEventBlock(block);
      if (event) onEvent(event);
    }
    if (done) return;
  }
}

function parseEventBlock(block: string): ServerEvent | undefined {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return undefined;
  return { event, data: parseMaybeJson(data.join('\n')) };
}

async function send<T>(path: string, init: RequestInit, options: RequestOptions<T>): Promise<T> {
  const response = await fetchWithXsrf(path, { ...init, signal: options.signal, keepalive: options.keepalive });
  if (!response.ok) throw await httpError(response);
  const data = await readBody(response);
  return options.parse ? options.parse(data) : (data as T);
}

async function fetchWithXsrf(path: string, init: RequestInit): Promise<Response> {
  // Every call that changes something carries the token (POST, PATCH, DELETE).
  const isPost = init.method !== 'GET' && init.method !== undefined;
  const sentToken = isPost ? readXsrfToken() : undefined;
  const response = await fetchOnce(path, init, sentToken);
  // Before the first answer there is no XSRF cookie yet: the refusal itself sets one, so try once more.
  if (isPost && response.status === 403) {
    const freshToken = readXsrfToken();
    if (freshToken && freshToken !== sentToken) return fetchOnce(path, init, freshToken);
  }
  return response;
}

async function fetchOnce(path: string, init: RequestInit, xsrfToken: string | undefined): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json, text/plain, */*');
  if (xsrfToken) headers.set(XSRF_HEADER, xsrfToken);
  try {
    return await fetch(path, { ...init, headers, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('network', 0, `Could not reach the server (${errorText(error)})`);
  }
}

async function httpError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  const detail =
    body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
      ? body.error
      : typeof body === 'string' && body.length > 0 && body.length < 200
        ? body
        : response.statusText || 'request failed';
  return new ApiError('http', response.status, `${response.status}: ${detail}`, body);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) return text === '' ? undefined : JSON.parse(text);
  return text;
}

function parseMaybeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function* fieldEntries(fields: Fields): Generator<[string, string | Blob]> {
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value as (string | Blob)[]) yield [name, item];
    else if (value instanceof Blob) yield [name, value];
    else yield [name, String(value)];
  }
}

function toFormData(fields: FormData | Fields): FormData {
  if (fields instanceof FormData) return fields;
  const form = new FormData();
  for (const [name, value] of fieldEntries(fields)) form.append(name, value);
  return form;
}

function toSearchParams(query: Record<string, string | number | boolean | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}

/** A short human text for any thrown value. */
/** The server's own words for a refused request ("line must not be empty"), else the error's message. */
export function serverWords(error: unknown): string {
  if (isApiError(error)) {
    const body = error.body as { error?: unknown } | undefined;
    if (typeof body?.error === 'string') return body.error;
  }
  return errorText(error);
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
