import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import {
  ApiError,
  apiGet,
  apiPostEventStream,
  apiPostForm,
  apiPostJson,
  apiPostMultipart,
  retryUnlessRefused,
  type ServerEvent,
} from './api-client';

// A real HTTP server stands in for /api; the browser's cookie jar is a plain object.
let server: Server;
let base: string;
const seen: { method?: string; url?: string; xsrf?: string; type?: string; body: string }[] = [];
const jar = { cookie: '' };
const realFetch = globalThis.fetch;
const fetchFromServer = (input: string, init?: RequestInit) => realFetch(new URL(input, base), init);

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readAll(request);
    seen.push({
      method: request.method,
      url: request.url,
      xsrf: request.headers['x-xsrf-token'] as string | undefined,
      type: request.headers['content-type'],
      body,
    });
    const json = (status: number, data: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(data));
    };
    if (request.url === '/api/needs-xsrf') {
      if (request.headers['x-xsrf-token'] === 'fresh') return json(200, { ok: true });
      jar.cookie = 'XSRF-TOKEN=fresh'; // what the Set-Cookie of the refusal does in a browser
      return json(403, { error: 'XSRF token missing' });
    }
    if (request.url === '/api/bad') return json(400, { error: 'username required' });
    if (request.url === '/api/text') {
      response.writeHead(200, { 'Content-Type': 'text/plain' });
      return response.end('plain result');
    }
    if (request.url === '/api/stream') {
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      response.write('event: progress\ndata: {"done":1,"total":2}\n\n');
      response.write('event: progress\ndata: {"done":2,');
      setTimeout(() => response.end('"total":2}\n\nevent: result\ndata: {"results":"ok"}\n\n'), 20);
      return;
    }
    json(200, { echo: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal('fetch', fetchFromServer);
  vi.stubGlobal('document', jar);
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  jar.cookie = 'other=1; XSRF-TOKEN=tok%2Ben';
});

test('a form POST carries the XSRF cookie as a header and the fields url-encoded', async () => {
  await expect(apiPostForm('/api/login', { username: 'a b', password: 'p&q', skip: undefined })).resolves.toEqual({
    echo: true,
  });
  expect(seen[0]).toMatchObject({ method: 'POST', xsrf: 'tok+en', body: 'username=a+b&password=p%26q' });
  expect(seen[0].type).toContain('application/x-www-form-urlencoded');
});

test('a JSON POST sends JSON; a GET sends no XSRF header and joins arrays with commas', async () => {
  await apiPostJson('/api/delete-card', { id: 7 });
  await apiGet('/api/get_stats', { speeds: ['blitz', 'rapid'], ratings: ['1800'] });
  expect(seen[0]).toMatchObject({ body: '{"id":7}', type: 'application/json' });
  expect(seen[1]).toMatchObject({
    method: 'GET',
    url: '/api/get_stats?speeds=blitz%2Crapid&ratings=1800',
    xsrf: undefined,
  });
});

test('multipart repeats array fields', async () => {
  await apiPostMultipart('/api/consistency_check', { opening_text: '1. e4', 'excludeSymbols[]': ['?', '??'] });
  expect(seen[0].type).toContain('multipart/form-data');
  expect(seen[0].body.match(/name="excludeSymbols\[\]"/g)).toHaveLength(2);
});

test('a POST refused before the XSRF cookie existed is sent again with the new cookie', async () => {
  jar.cookie = '';
  await expect(apiPostForm('/api/needs-xsrf')).resolves.toEqual({ ok: true });
  expect(seen.map((request) => request.xsrf)).toEqual([undefined, 'fresh']);
});

test('a non-2xx answer throws an ApiError with the status and the server message', async () => {
  const error = await apiPostForm('/api/bad').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    kind: 'http',
    status: 400,
    message: '400: username required',
    body: { error: 'username required' },
  });
});

test('text answers come back as text, and a parse function checks the shape', async () => {
  await expect(apiPostForm('/api/text')).resolves.toBe('plain result');
  await expect(apiGet('/api/anything', undefined, { parse: (data) => ({ wrapped: data }) })).resolves.toEqual({
    wrapped: { echo: true },
  });
});

test('an unreachable server is a network ApiError', async () => {
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
  const error = await apiGet('/api/x').catch((e: unknown) => e);
  expect(error).toMatchObject({ kind: 'network', status: 0 });
  vi.stubGlobal('fetch', fetchFromServer);
});

test('an event stream is read event by event, even when split across chunks', async () => {
  const events: ServerEvent[] = [];
  await apiPostEventStream('/api/stream', { color: 'white' }, (event) => events.push(event));
  expect(events).toEqual([
    { event: 'progress', data: { done: 1, total: 2 } },
    { event: 'progress', data: { done: 2, total: 2 } },
    { event: 'result', data: { results: 'ok' } },
  ]);
});

function readAll(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

test('a call is retried after a missing answer or a server failure, never after a refusal, three times at most', () => {
  const network = new ApiError('network', 0, 'Could not reach the server');
  expect(retryUnlessRefused(0, network)).toBe(true);
  expect(retryUnlessRefused(0, new ApiError('http', 503, 'down'))).toBe(true);
  expect(retryUnlessRefused(0, new ApiError('http', 400, 'bad'))).toBe(false);
  expect(retryUnlessRefused(0, new ApiError('http', 404, 'gone'))).toBe(false);
  expect(retryUnlessRefused(2, network)).toBe(true);
  expect(retryUnlessRefused(3, network)).toBe(false);
});
