import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { generateStudy } from '../../../bench/generated-study.js';
import {
  applyEdits,
  buildRepertoireFromPgn,
  editedRepertoirePgn,
  parseGames,
  parseRepertoireLine,
  type RepertoireOptions,
} from '../../chess/index.js';
import { EditedPgnWriter, writeEditedPgn, type EditedPgnJob } from './edited-pgn-job.js';
import { createRepertoireCache, UnreadablePgnError } from './repertoire-cache.js';

const text = generateStudy(40);
const options: RepertoireOptions = { color: 'white', excludeSymbols: ['?'], name: 'Generated' };
// A move of the study to remove (its second ply, and all after it), lines to add, a note.
const first = parseGames(text).unwrap()[0].moves.children[0];
const firstLine = `1. ${first.data.san} ${first.children[0].data.san}`;
const edits: EditedPgnJob['edits'] = [
  { op: 'remove', line: firstLine },
  { op: 'add', line: '1. h3 a6 2. a3 h6 3. b3' },
  { op: 'add', line: '1. h3 a6 2. a3 h6 3. b4' },
  { op: 'comment', line: '1. h3 a6 2. a3', comment: 'Waiting moves' },
  { op: 'add', line: '1. h3 a6 2. a3 h6 3. not-a-move' },
];
const job: EditedPgnJob = { text, options, edits, studyChapters: true };

/** The PGN as the server's thread writes it: edits applied one at a time onto the previous result. */
function writtenInPlace(): string {
  const base = buildRepertoireFromPgn(text, options).unwrap();
  let edited = applyEdits(base, []);
  for (const { op, line, comment } of edits) {
    const parsed = parseRepertoireLine(line);
    if (parsed.isOk) edited = applyEdits(base, [{ op, line: parsed.value, comment }], edited);
  }
  return editedRepertoirePgn(base, edited, text);
}

describe('edited PGN written on a worker thread', () => {
  it('is the text written in place, edit after edit, with its removal, additions and note', () => {
    const pgn = writeEditedPgn(job);
    expect(pgn).toBe(writtenInPlace());
    expect(pgn).toMatch(
      /1\.\.\.\s+a6\s+2\.\s+a3\s+\{\s+Waiting\s+moves\s+\}\s+h6\s+3\.\s+b3\s+\(\s+3\.\s+b4\s+\)\s+\*\s*$/,
    );
    expect(pgn).not.toContain(firstLine + ' ');
  });

  it('a writer keeping the last study writes what a fresh one does: edit after edit, an undo, another study', () => {
    const writer = new EditedPgnWriter();
    const jobs = [
      ...edits.map((_, n) => ({ ...job, edits: edits.slice(0, n + 1) })),
      { ...job, edits: edits.slice(0, 2) },
      { ...job, options: { ...options, color: 'black' as const } },
      { ...job, text: generateStudy(8, 7) },
      job,
    ];
    for (const each of jobs) expect(writer.write(each)).toBe(writeEditedPgn(each));
    writer.forget();
    expect(writer.write(job)).toBe(writeEditedPgn(job));
  });

  it('a worker writes the same text, and the additions alone as Save to Lichess sends them', async () => {
    const cache = createRepertoireCache();
    try {
      const written = await cache.writeEditedPgn(job);
      expect(written.text.toString('utf8')).toBe(writeEditedPgn(job));
      expect(brotliDecompressSync(written.br)).toEqual(written.text);
      const additions = (await cache.writeEditedPgn({ ...job, studyChapters: false })).text.toString('utf8');
      expect(additions).toBe(writeEditedPgn({ ...job, studyChapters: false }));
      expect(additions).toMatch(/^\[Event "Generated: Chess Prep additions \(White\)"\]/);
      expect(cache.counters().workerWrites).toBe(2);
    } finally {
      await cache.close();
    }
  });

  it('a text that does not read is the study error (400), from a worker or in place once closed', async () => {
    const cache = createRepertoireCache();
    const bad = { ...job, text: `${text}\n\n[Event "Bad"]\n\n1. e4 e4 *` };
    await expect(cache.writeEditedPgn(bad)).rejects.toBeInstanceOf(UnreadablePgnError);
    await cache.close();
    await expect(cache.writeEditedPgn(bad)).rejects.toBeInstanceOf(UnreadablePgnError);
    expect((await cache.writeEditedPgn(job)).text.toString('utf8')).toBe(writeEditedPgn(job));
    expect(cache.counters().workerWrites).toBe(0);
  });
});
