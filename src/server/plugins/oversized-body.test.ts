import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type HttpClient,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { sizeText } from './oversized-body.js';

const MB = 1024 * 1024;

/** Sends a body in small pieces, as a client on a real network does, and reads the answer. */
async function slowPost(server: TestServer, client: HttpClient, path: string, body: Buffer, contentType: string) {
  await client.get('/api/health');
  const url = new URL(server.url);
  const headers = {
    'content-type': contentType,
    'content-length': body.length,
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': client.cookies.get('XSRF-TOKEN')!,
  };
  return new Promise<{ status?: number; text?: string; error?: string }>((resolve) => {
    const req = request({ host: url.hostname, port: url.port, path, method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, text }));
    });
    req.on('error', (error) => resolve({ error: error.message }));
    let offset = 0;
    const step = () => {
      if (offset >= body.length) return void req.end();
      req.write(body.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
      setTimeout(step, 1);
    };
    step();
  });
}

async function multipartBody(field: string, bytes: number) {
  const form = new FormData();
  form.append(field, new Blob(['x'.repeat(bytes)]), 'big.pgn');
  form.append('color', 'white');
  const encoded = new Response(form);
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}

test.each([
  [5 * MB, '5 MB'],
  [100 * MB, '100 MB'],
  [1.5 * MB, '1.5 MB'],
  [512 * 1024, '512 KB'],
])('%d bytes read as %s', (bytes, text) => {
  expect(sizeText(bytes)).toBe(text);
});

describe.each(testDatabaseKinds())('oversized bodies on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  test('JSON over 5 MB to update-study is answered 413 naming the limit, not a broken pipe', async () => {
    const { client } = await signedInClient(server);
    const body = Buffer.from(JSON.stringify({ color: 'white', title: 't', study_text: 'x'.repeat(8 * MB) }));
    const answer = await slowPost(server, client, '/api/update-study', body, 'application/json');
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text!).error).toBe('The request is larger than the 5 MB limit');
    // The connection stayed usable and nothing was stored.
    expect((await client.get('/api/get-studies')).status).toBe(200);
  });

  test('a multipart file over 5 MB is answered 413 naming its field', async () => {
    const { client } = await signedInClient(server);
    const { body, type } = await multipartBody('opening_text', 8 * MB);
    const answer = await slowPost(server, client, '/api/consistency_check', body, type);
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text!).error).toBe('opening_text is larger than the 5 MB limit');
  });
});
