// A list of the export document written page by page: each page is serialized and handed on before
// the next is read, with a turn of the event loop between two pages (see export-stream.ts).
import { nextTurn } from '../drill/drill-writer.js';

/** Rows a page holds unless a kind says otherwise. */
export const PAGE = 200;

/** `,"name":[...]` from pages of rows keyed by a growing integer id. */
export async function* list(
  name: string,
  page: (after: number) => Promise<{ key: number; value: unknown }[]>,
): AsyncGenerator<string> {
  yield `,"${name}":[`;
  let after = 0;
  for (let first = true; ; first = false) {
    const rows = await page(after);
    if (rows.length === 0) break;
    yield (first ? '' : ',') + rows.map((r) => JSON.stringify(r.value)).join(',');
    after = rows.at(-1)!.key;
    await nextTurn();
  }
  yield ']';
}
