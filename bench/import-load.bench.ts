// One player's heavy account-data calls against the server as shipped (its embedded database on
// files in a fresh DATA_DIR; PostgreSQL when TEST_DATABASE_URL is set), in a process of its own,
// while another player's session check is polled every 10 ms from a third process
// (bench/session-poller.mjs). Figures, each over HTTP:
//   import_100k_cards_s                      POST /api/import of an export holding 100,000 cards
//   light_request_max_ms_during_import       the other player's longest wait meanwhile
//   reimport_100k_cards_s                    the same file again (adds nothing)
//   export_100k_cards_s                      GET /api/export of that account, read to the end
//   light_request_max_ms_during_export       the other player's longest wait meanwhile
//   anki_export_20k_cards_s                  GET /api/export/anki.txt of 20,000 cards, read to the end
//   light_request_max_ms_during_anki_export  the other player's longest wait meanwhile
//   peak_rss_mib_anki_export_20k             the server's peak resident memory during that export
// The Anki export runs on a second server, so the import's memory is not counted in its peak.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HttpClient } from '../test/helper.js';
import { startBenchServer, type BenchServer } from './bench-server.js';
import { polledChecks } from './poll-checks.js';

const IMPORT_CARDS = Number(process.env.BENCH_IMPORT_CARDS) || 100_000;
const ANKI_CARDS = Number(process.env.BENCH_ANKI_CARDS) || 20_000;

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E4_C5 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

/** An export document holding `count` cards, as GET /api/export writes them. */
function exportWithCards(count: number, prefix: string): string {
  const due = '2026-01-01T00:00:00.000Z';
  const cards = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    prompt: `Card ${i}: what does Black play after 1. e4?`,
    prompt_fen: i % 2 === 0 ? AFTER_E4 : START,
    answer: 'The Sicilian, 1...c5.',
    answer_fen: AFTER_E4_C5,
    orientation: i % 2 === 0 ? 'black' : 'white',
    due,
    stability: 0,
    difficulty: 0,
    elapsed_days: 0,
    scheduled_days: 0,
    reps: 0,
    lapses: 0,
    state: 0,
  }));
  return JSON.stringify({ format: 'chess-prep', version: 1, cards });
}

async function importCards(player: HttpClient, body: string): Promise<Record<string, number>> {
  const answer = await player.request<{ api_data: Record<string, number> }>('POST', '/api/import', body, {
    'content-type': 'application/json',
  });
  if (answer.status !== 200) throw new Error(`import: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.body.api_data;
}

/** GETs a download as a browser would (compressed), reading it to the end: its bytes and line breaks. */
async function download(url: string, player: HttpClient, path: string): Promise<{ bytes: number; lines: number }> {
  const cookie = [...player.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
  let bytes = 0;
  let lines = 0;
  const reader = response.body!.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    bytes += part.value.length;
    for (const byte of part.value) if (byte === 10) lines++;
  }
  return { bytes, lines };
}

/** Forgets the process's peak resident memory so far (VmHWM), so the next peak is the next work's. */
function resetPeak(server: BenchServer): boolean {
  try {
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const max = (times: number[]) => times.reduce((a, b) => Math.max(a, b), 0);
const p90 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.9)] ?? 0;
const dirs: string[] = [];
const dataDir = (): Record<string, string> => {
  const dir = mkdtempSync(join(tmpdir(), 'chess-prep-bench-import-'));
  dirs.push(dir);
  return process.env.TEST_DATABASE_URL ? {} : { BENCH_DATA_DIR: dir };
};

try {
  // 1. The import, and the same file again.
  const body = exportWithCards(IMPORT_CARDS, 'import');
  let server = await startBenchServer(2, dataDir());
  try {
    const [heavy, other] = server.players;
    let counts: Record<string, number> = {};
    let importMs = 0;
    let importCpuMs = 0;
    const during = await polledChecks(server.url, other, async () => {
      const t0 = performance.now();
      const cpu0 = server.cpuMs();
      counts = await importCards(heavy, body);
      importMs = performance.now() - t0;
      importCpuMs = server.cpuMs() - cpu0;
    });
    if (counts.cards !== IMPORT_CARDS) throw new Error(`import added ${counts.cards} cards`);
    const t1 = performance.now();
    const again = await importCards(heavy, body);
    const reimportMs = performance.now() - t1;
    if (again.cards !== 0) throw new Error(`the second import added ${again.cards} cards`);
    const mib = (body.length / 1024 / 1024).toFixed(1);
    console.log(
      `import_100k_cards_s: ${(importMs / 1000).toFixed(1)} s (${IMPORT_CARDS} cards, ${mib} MB of JSON; server CPU ${(importCpuMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      `light_request_max_ms_during_import: ${max(during).toFixed(0)} ms (${during.length} session checks, 90% within ${p90(during).toFixed(0)} ms; reference: under 500)`,
    );
    console.log(`reimport_100k_cards_s: ${(reimportMs / 1000).toFixed(1)} s (adds nothing)`);
    console.log(`peak_rss_mib_import_100k: ${server.memory().peakMiB.toFixed(0)} MiB`);

    let exportMs = 0;
    let exportBytes = 0;
    const duringExport = await polledChecks(server.url, other, async () => {
      const t0 = performance.now();
      exportBytes = await download(server.url, heavy, '/api/export').then((r) => r.bytes);
      exportMs = performance.now() - t0;
    });
    console.log(
      `export_100k_cards_s: ${(exportMs / 1000).toFixed(1)} s (${(exportBytes / 1024 / 1024).toFixed(0)} MB of JSON)`,
    );
    console.log(
      `light_request_max_ms_during_export: ${max(duringExport).toFixed(0)} ms (${duringExport.length} session checks, 90% within ${p90(duringExport).toFixed(0)} ms; reference: under 500)`,
    );
  } finally {
    await server.close();
  }

  // 2. The Anki deck of 20,000 cards, on a server of its own.
  server = await startBenchServer(2, dataDir());
  try {
    const [heavy, other] = server.players;
    await importCards(heavy, exportWithCards(ANKI_CARDS, 'anki'));
    const before = server.memory().rssMiB;
    const cleared = resetPeak(server);
    let bytes = 0;
    let lines = 0;
    let exportMs = 0;
    const during = await polledChecks(server.url, other, async () => {
      const t0 = performance.now();
      ({ bytes, lines } = await download(server.url, heavy, '/api/export/anki.txt'));
      exportMs = performance.now() - t0;
    });
    // The header's three lines, then one per card (the last without a line break).
    if (lines !== ANKI_CARDS + 2) throw new Error(`the deck has ${lines + 1} lines`);
    console.log(
      `anki_export_20k_cards_s: ${(exportMs / 1000).toFixed(1)} s (${ANKI_CARDS} cards, ${(bytes / 1024 / 1024).toFixed(0)} MB)`,
    );
    console.log(
      `light_request_max_ms_during_anki_export: ${max(during).toFixed(0)} ms (${during.length} session checks, 90% within ${p90(during).toFixed(0)} ms; reference: under 500)`,
    );
    console.log(
      `peak_rss_mib_anki_export_20k: ${server.memory().peakMiB.toFixed(0)} MiB (${cleared ? 'during the export' : 'since the server started'}; ${before.toFixed(0)} MiB before it)`,
    );
  } finally {
    await server.close();
  }
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
