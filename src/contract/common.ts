import { z } from 'zod';

// Shapes every feature's contract uses: the two colours, the answer wrapper, the bad-request answer and
// form fields (urlencoded or multipart).

/** The two sides; a repertoire, a drill deck and a study belong to one. */
export const color = z.enum(['white', 'black'], { error: 'color must be white or black' });
export type Color = z.infer<typeof color>;

/** True when A and B assign to each other: a schema's type checked against the type the core builds. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only when T is true: `type _Checked = Expect<Same<z.infer<typeof card>, Card>>`. */
export type Expect<T extends true> = T;

/** Every answer of a logged-in API call wraps its data so. */
export const apiData = <T extends z.ZodType>(data: T) => z.object({ api_data: data });

/** The body of a call that reads none (logout, disconnect): whatever is sent is ignored. */
export const noBody = z.unknown();

/** A colour as forms and older clients send it: white or black in any case, or w / b. */
export const colorField = z.unknown().transform((value, ctx) => {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'white' || text === 'w') return 'white' as const;
  if (text === 'black' || text === 'b') return 'black' as const;
  ctx.addIssue({ code: 'custom', message: "color must be 'white' or 'black'" });
  return z.NEVER;
});

/** One value of a form field: text, or an uploaded file's bytes (multipart). */
const formValue = z.union([z.string(), z.instanceof(Uint8Array)]);
/** A form field as the server reads it: one value, or a list when the name repeats (`excludeSymbols[]`). */
export const formField = z.union([formValue, z.array(formValue)]);

/**
 * A form payload (urlencoded or multipart): the named fields, typed as sent; other fields pass. The
 * route reads and checks the values itself, so its messages name what is wrong ("No study text").
 * A request without a body reads as an empty form.
 */
export const formBody = <T extends z.ZodRawShape>(shape: T) => z.preprocess((body) => body ?? {}, z.looseObject(shape));

/** The largest id a row can have: ids are PostgreSQL `integer`s (serial). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * A row id as any request sends it: a number, or digits (a path, a query or a form). Anything past
 * the integer range is refused here, so it never reaches the database as a cast error. A list or an
 * object is refused too (Number([5]) would be 5).
 */
export const rowId = z
  .union([z.number(), z.string()], { error: 'must be a number' })
  .pipe(
    z.coerce
      .number<string | number>({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be 1 or more')
      .max(MAX_ROW_ID, `must be at most ${MAX_ROW_ID}`),
  );

/**
 * A position's opening (ECO code and name, as Lichess names it): the last named position along the
 * line that reached it; null where nothing along it is named.
 */
export const openingName = z.object({ eco: z.string(), name: z.string() }).nullable();
export type OpeningNameAnswer = z.infer<typeof openingName>;
