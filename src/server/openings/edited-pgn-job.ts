import {
  applyEdits,
  buildRepertoireFromPgn,
  editedPgnChapters,
  parseRepertoireLine,
  type EditOp,
  type RepertoireEdit,
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
 * The PGN of `job`, the same text the server's thread writes from its held state: the base built from
 * the text, the edits applied in order (a line that no longer reads is left out, as there), then written.
 */
export function writeEditedPgn(job: EditedPgnJob): string | { pgnError: string } {
  const text = job.text.includes('\r') ? job.text.replace(/\r\n?/g, '\n') : job.text;
  const built = buildRepertoireFromPgn(text, job.options);
  if (built.isErr) return { pgnError: built.error.message };
  const edits: RepertoireEdit[] = [];
  for (const { op, line, comment } of job.edits) {
    const parsed = parseRepertoireLine(line);
    if (parsed.isOk) edits.push({ op, line: parsed.value, comment });
  }
  const edited = applyEdits(built.value, edits);
  return [...editedPgnChapters(built.value, edited, job.text, { studyChapters: job.studyChapters })].join('\n');
}

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
