import { createHash } from 'node:crypto';
import {
  applyEdits,
  buildRepertoireFromPgn,
  editedPgnChapters,
  parseRepertoireLine,
  type EditOp,
  type Repertoire,
  type RepertoireEdit,
  type RepertoireLine,
  type RepertoireOptions,
} from '../../chess/index.js';
import { brotli } from '../plugins/brotli.js';

/** Everything a worker thread needs to write an edited repertoire's PGN: plain data only. */
export interface EditedPgnJob {
  /** The study text the repertoire is built from, as stored. */
  text: string;
  options: RepertoireOptions;
  /** The colour's edits, oldest first, each line as stored. */
  edits: { op: EditOp; line: string; comment?: string }[];
  /** false: only the additions chapter(s), as "Save to Lichess" writes them. */
  studyChapters: boolean;
}

/**
 * Writes edited PGNs as the server's thread would from its held state: the base built from the text,
 * the edits applied in order (a line that no longer reads is left out, as there), then written. The
 * last study's repertoire and the lines read for it are kept: the next write for that study (after an
 * edit or an undo) neither builds it nor reads its lines again, at the edit bound 360 ms of some 650.
 */
export class EditedPgnWriter {
  private study?: { key: string; base: Repertoire; lines: Map<string, RepertoireLine | undefined> };

  write(job: EditedPgnJob): string | { pgnError: string } {
    const text = job.text.includes('\r') ? job.text.replace(/\r\n?/g, '\n') : job.text;
    const key = JSON.stringify([createHash('sha256').update(text).digest('base64'), job.options]);
    if (this.study?.key !== key) {
      this.study = undefined;
      const built = buildRepertoireFromPgn(text, job.options);
      if (built.isErr) return { pgnError: built.error.message };
      this.study = { key, base: built.value, lines: new Map() };
    }
    const { base, lines } = this.study;
    // Only this job's lines are kept for the next: those of edits since undone are let go.
    const read = new Map<string, RepertoireLine | undefined>();
    const edits: RepertoireEdit[] = [];
    for (const { op, line, comment } of job.edits) {
      let parsed = lines.get(line);
      if (parsed === undefined && !lines.has(line)) {
        const result = parseRepertoireLine(line);
        parsed = result.isOk ? result.value : undefined;
      }
      read.set(line, parsed);
      if (parsed) edits.push({ op, line: parsed, comment });
    }
    this.study.lines = read;
    const edited = applyEdits(base, edits);
    return [...editedPgnChapters(base, edited, job.text, { studyChapters: job.studyChapters })].join('\n');
  }

  /** Lets the kept study go. */
  forget(): void {
    this.study = undefined;
  }
}

/** The PGN of `job`, written with nothing kept. */
export const writeEditedPgn = (job: EditedPgnJob): string | { pgnError: string } => new EditedPgnWriter().write(job);

/** An edited PGN as it is sent: its UTF-8 bytes, and those bytes brotli-compressed. */
export interface EditedPgnBytes {
  text: Uint8Array<ArrayBuffer>;
  br: Uint8Array<ArrayBuffer>;
}

/** Each in a buffer of its own, so a worker thread hands them over without a copy. */
export function editedPgnBytes(pgn: string): EditedPgnBytes {
  const text = new Uint8Array(Buffer.from(pgn));
  return { text, br: new Uint8Array(brotli(text)) };
}
