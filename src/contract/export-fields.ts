// Field schemas the export document's rows share (account-data.ts and account-data-rows.ts).
import { z } from 'zod';
import { validateFen } from '../chess/fen.js';
import { MAX_ROW_ID } from './common.js';

export const isoDate = z.iso.datetime({ offset: true });
export const count = z.number().int().min(0).max(1_000_000_000);
export const text = (max: number) => z.string().max(max);
export const fen = z
  .string()
  .max(200)
  .superRefine((value, ctx) => {
    const result = validateFen(value.trim());
    if (result.isErr) ctx.addIssue({ code: 'custom', message: result.error.message });
  });
/** The id a row had on the server that exported it: what references in the document name, and the key that makes a second import add nothing. */
export const sourceId = z.number().int().positive().max(MAX_ROW_ID);
