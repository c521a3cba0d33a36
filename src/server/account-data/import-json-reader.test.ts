import { expect, test } from 'vitest';
import { ImportJsonScanner, MAX_DEPTH, readImportJson } from './import-json-reader.js';

const DOC = {
  format: 'chess-prep',
  version: 1,
  exported_at: '2026-01-01T00:00:00.000Z',
  user: { email: 'a@b.c', username: 'a "quoted" \\ name', username_lichess: null },
  studies: { white: { title: 'W', study_text: '1. e4 { a [comment] } *' }, black: null },
  cards: [
    { id: 'c1', prompt: 'é ♞ , ] } [ {' },
    { id: 'c2', nested: [[1, 2], { x: [] }] },
  ],
  review_logs: [],
  drill: [{ id: 1, logs: [{ id: 2 }] }],
  flag: true,
  nothing: null,
  count: -12.5e3,
};

test('a document reads back the same, however its bytes are cut into chunks', async () => {
  const bytes = Buffer.from(JSON.stringify(DOC, null, 1));
  expect(await readImportJson(bytes)).toEqual(DOC);
  for (const size of [1, 2, 3, 7, 64]) {
    const scanner = new ImportJsonScanner();
    for (let i = 0; i < bytes.length; i += size) scanner.write(bytes.subarray(i, i + size));
    expect(scanner.finish()).toEqual(DOC);
  }
});

test('a document nested 20,000 deep is refused as not an export, without a stack overflow', async () => {
  const deep = `{"format":"chess-prep","cards":[${'['.repeat(20_000)}${']'.repeat(20_000)}]}`;
  await expect(readImportJson(Buffer.from(deep))).rejects.toThrow(`nested more than ${MAX_DEPTH} levels deep`);
});

test.each([
  ['[]', 'expected a JSON object'],
  ['', 'the file is empty'],
  ['{"format":"chess-prep"', 'ends too early'],
  ['{"format":"chess-prep"} {}', 'more after the document'],
  ['{"a" 1}', 'it is not JSON'],
  ['{"cards":[{"id":}]}', 'cards is not JSON'],
])('%j is refused: %s', async (text, message) => {
  await expect(readImportJson(Buffer.from(text))).rejects.toThrow(message);
});

test('a kind over its size limit is refused with 413 naming the kind and the limit', async () => {
  const scanner = new ImportJsonScanner();
  scanner.write(Buffer.from('{"format":"chess-prep","uploaded_stats":['));
  const row = Buffer.from(`{"fen":"${'x'.repeat(1024 * 1024)}"},`);
  let error: unknown;
  try {
    for (let i = 0; i < 25; i++) scanner.write(row);
  } catch (e) {
    error = e;
  }
  expect(error).toMatchObject({
    statusCode: 413,
    message: 'uploaded_stats of the import is larger than the 20 MB limit',
  });
});
