// Reading the rows of an import document: each with its kind's schema, the first bad one named in a
// 400 ("Bad row cards[3] (id c-9): prompt_fen: ..."), with turns of the event loop between batches.
import type { z } from 'zod';
import { nextTurn } from '../drill/drill-writer.js';
import { BadRequestError } from '../plugins/error-handler.js';

/** Rows read between two turns of the event loop. */
export const ROWS_PER_TURN = 500;

/** The 400 of a row that is wrong in itself or in what it names: 'Bad row edits[2] (id 9): ...'. */
export function badRow(where: string, row: unknown, message: string): BadRequestError {
  const id = typeof row === 'object' && row !== null && 'id' in row ? ` (id ${String(row.id)})` : '';
  return new BadRequestError(`Bad row ${where}${id}: ${message}`);
}

/** A row holding U+0000 anywhere is refused, naming where. */
export function refuseNul(row: unknown, where: string): void {
  const nul = findNulCharacter(row, where);
  if (nul !== undefined)
    throw new BadRequestError(`Bad row ${nul}: text holds a NUL character, which cannot be stored`);
}

/** Path of the first string holding U+0000 (PostgreSQL text and jsonb refuse it), e.g. 'cards[2].prompt'. */
function findNulCharacter(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(document)' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulCharacter(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = findNulCharacter(item, path ? `${path}.${key}` : key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * Each row with its schema, letting other requests run between batches of rows. Each raw row is let
 * go of (its place in `rows` emptied) once read, so a large import holds its rows once, not twice.
 */
export async function parseRows<T extends z.ZodType>(
  schema: T,
  rows: unknown[] | undefined,
  kind: string,
): Promise<z.infer<T>[]> {
  const parsed: z.infer<T>[] = [];
  for (const [index, row] of (rows ?? []).entries()) {
    if (index % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    refuseNul(row, `${kind}[${index}]`);
    parsed.push(parseRow(schema, row, `${kind}[${index}]`));
    rows![index] = undefined;
  }
  return parsed;
}

export function parseRow<T extends z.ZodType>(schema: T, row: unknown, where: string): z.infer<T> {
  const parsed = schema.safeParse(row);
  if (parsed.success) return parsed.data;
  throw badRow(where, row, describe(parsed.error));
}

export function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
