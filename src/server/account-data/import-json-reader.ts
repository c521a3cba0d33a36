// Reads an export document from a stream without holding its text: the top-level object is scanned
// byte by byte, each row of a row list ("cards": [{…}, {…}]) is parsed on its own as soon as it ends,
// and every other top-level value likewise. Sizes are bounded per kind, nesting is bounded (a
// document nested 20,000 deep is a 400, not a stack overflow), and anything but one JSON object is
// refused.
//
//   const doc = await readImportJson(request.raw);   // {format, version, cards: [...], ...}
import type { Readable } from 'node:stream';
import { BadRequestError } from '../plugins/error-handler.js';
import { TooLargeError } from '../plugins/multipart-body.js';
import { sizeText } from '../plugins/oversized-body.js';

const MB = 1024 * 1024;

/** The whole document; the route's body limit. */
export const IMPORT_LIMIT_BYTES = 100 * MB;

/** Bytes each top-level key may take; a key not named here takes at most OTHER_LIMIT. */
export const IMPORT_KIND_LIMITS: Readonly<Record<string, number>> = {
  game_reviews: 40 * MB,
  cards: 40 * MB,
  review_logs: 30 * MB,
  drill: 60 * MB,
  uploaded_stats: 20 * MB,
  // Two studies, each the union of up to 8 sources of at most 5 MB of text; and those sources.
  studies: 90 * MB,
  repertoire_sources: 90 * MB,
  repertoire_edits: 45 * MB,
  expected_scores: 20 * MB,
  game_analyses: 40 * MB,
  learn_attempts: 10 * MB,
  opponent_preps: 30 * MB,
  woodpecker_sets: 40 * MB,
};
const OTHER_LIMIT = 64 * 1024;
/** The lists whose rows are parsed one by one. */
const ROW_LISTS = new Set([
  'game_reviews',
  'cards',
  'review_logs',
  'drill',
  'uploaded_stats',
  'repertoire_sources',
  'repertoire_edits',
  'expected_scores',
  'game_analyses',
  'learn_attempts',
  'opponent_preps',
  'woodpecker_sets',
]);
/** Deeper than any row of an export (a drill item's log list is 4 levels down). */
export const MAX_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

const notExport = (why: string) => new BadRequestError(`The file is not a Chess Prep export: ${why}`);

/** Scanner of one document; feed it chunks in order, then finish(). */
export class ImportJsonScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private done = false;
  /** At depth 1: what comes next. */
  private expect: 'key' | 'colon' | 'value' | 'comma' = 'key';
  private key = '';
  private keyPieces: Buffer[] | undefined;
  /** The row list being read, when inside one (depth 2). */
  private list: string | undefined;
  /** The value being captured: its pieces, the depth it started at, and whether it is a bare word. */
  private pieces: Buffer[] | undefined;
  private captureDepth = 0;
  private bare = false;
  private total = 0;
  private readonly sizes = new Map<string, number>();
  readonly document: Record<string, unknown> = {};

  write(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.total > IMPORT_LIMIT_BYTES) {
      throw new TooLargeError(`The import is larger than the ${sizeText(IMPORT_LIMIT_BYTES)} limit`);
    }
    let start = this.pieces ? 0 : -1;
    let keyStart = this.keyPieces ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.keyPieces) {
            this.keyPieces.push(chunk.subarray(keyStart, i + 1));
            this.endKey();
            keyStart = -1;
          } else if (this.pieces && this.depth === this.captureDepth) {
            this.end(chunk.subarray(start, i + 1));
            start = -1;
          }
        }
        continue;
      }
      if (this.bare) {
        if (!(isSpace(c) || c === 0x2c || c === 0x5d || c === 0x7d)) continue;
        this.end(chunk.subarray(start, i));
        start = -1;
      }
      if (isSpace(c)) continue;
      if (this.done) throw notExport('there is more after the document');
      if (this.depth === 0) {
        if (c !== 0x7b) throw notExport('expected a JSON object');
        this.depth = 1;
        continue;
      }
      const startsValue = !this.pieces && this.atValue();
      if (c === QUOTE) {
        this.inString = true;
        if (this.depth === 1 && this.expect === 'key') {
          this.keyPieces = [];
          keyStart = i;
        } else if (startsValue) start = this.begin(i);
      } else if (c === 0x7b || c === 0x5b) {
        if (startsValue) {
          if (this.depth === 1 && c === 0x5b && ROW_LISTS.has(this.key) && !(this.key in this.document)) {
            this.list = this.key;
            this.document[this.key] = [];
          } else start = this.begin(i);
        }
        this.depth += 1;
        if (this.depth > MAX_DEPTH) throw notExport(`it is nested more than ${MAX_DEPTH} levels deep`);
      } else if (c === 0x7d || c === 0x5d) {
        this.depth -= 1;
        if (this.pieces && this.depth === this.captureDepth) {
          this.end(chunk.subarray(start, i + 1));
          start = -1;
        } else if (this.depth === 1 && this.list) {
          this.list = undefined;
          this.expect = 'comma';
        } else if (this.depth === 0) this.done = true;
      } else if (c === 0x3a) {
        if (this.depth === 1) {
          if (this.expect !== 'colon') throw notExport('it is not JSON');
          this.expect = 'value';
        }
      } else if (c === 0x2c) {
        if (this.depth === 1) {
          if (this.expect !== 'comma') throw notExport('it is not JSON');
          this.expect = 'key';
        }
      } else if (startsValue) {
        start = this.begin(i);
        this.bare = true;
      } else if (!this.pieces) throw notExport('it is not JSON');
    }
    if (this.pieces && start >= 0) this.pieces.push(chunk.subarray(start));
    if (this.keyPieces && keyStart >= 0) this.keyPieces.push(chunk.subarray(keyStart));
  }

  /** The document read; throws when the text ended before it did. */
  finish(): Record<string, unknown> {
    if (this.bare && this.pieces) this.end(Buffer.alloc(0));
    if (!this.done) throw notExport(this.total === 0 ? 'the file is empty' : 'the JSON ends too early');
    return this.document;
  }

  private atValue(): boolean {
    return (this.depth === 1 && this.expect === 'value') || (this.depth === 2 && this.list !== undefined);
  }

  private begin(index: number): number {
    this.pieces = [];
    this.captureDepth = this.depth;
    return index;
  }

  private endKey(): void {
    const raw = Buffer.concat(this.keyPieces!).toString('utf8');
    this.keyPieces = undefined;
    this.key = String(JSON.parse(raw));
    this.expect = 'colon';
  }

  private end(last: Buffer): void {
    this.pieces!.push(last);
    const bytes = this.pieces!.reduce((n, piece) => n + piece.length, 0);
    const text = Buffer.concat(this.pieces!, bytes).toString('utf8');
    this.pieces = undefined;
    this.bare = false;
    const kind = this.list ?? this.key;
    const used = (this.sizes.get(kind) ?? 0) + bytes;
    this.sizes.set(kind, used);
    const limit = IMPORT_KIND_LIMITS[kind] ?? OTHER_LIMIT;
    if (used > limit) throw new TooLargeError(`${kind} of the import is larger than the ${sizeText(limit)} limit`);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw notExport(`${kind} is not JSON`);
    }
    if (this.list) (this.document[this.list] as unknown[]).push(value);
    else {
      this.document[this.key] = value;
      this.expect = 'comma';
    }
  }
}

/** Reads a whole document from a stream (a request body) or a buffer (an uploaded file). */
export async function readImportJson(source: Readable | Buffer): Promise<Record<string, unknown>> {
  const scanner = new ImportJsonScanner();
  if (Buffer.isBuffer(source)) scanner.write(source);
  else for await (const chunk of source) scanner.write(chunk as Buffer);
  return scanner.finish();
}
