import { parseExcludeSymbols, type ExcludeSymbol } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';

/**
 * Reading the opening forms: with multipart's keyValues a field is a string, a Buffer (an
 * uploaded file) or an array when repeated, like excludeSymbols[].
 */

export type FormBody = Record<string, unknown> | undefined | null;

const asText = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return undefined;
};

/** The text of a field (or of the first value of a repeated one); '' when absent. */
export function fieldText(body: FormBody, name: string): string {
  const value = body?.[name];
  const first = Array.isArray(value) ? value[0] : value;
  return asText(first) ?? '';
}

/** Every value of a field, with or without the [] suffix, split on commas. */
export function fieldList(body: FormBody, name: string): string[] {
  const values = [body?.[name], body?.[`${name}[]`]].flatMap((v) =>
    Array.isArray(v) ? v : v === undefined ? [] : [v],
  );
  return values
    .map(asText)
    .filter((v): v is string => v !== undefined)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

export function excludeSymbolsOf(body: FormBody): ExcludeSymbol[] {
  const parsed = parseExcludeSymbols(fieldList(body, 'excludeSymbols'));
  if (parsed.isErr) throw new BadRequestError(parsed.error.message);
  return parsed.value;
}

export type Color = 'white' | 'black';

/** 'white' / 'White' / 'w' -> 'white'; anything else is bad input. */
export function parseColor(value: unknown): Color {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (text === 'white' || text === 'w') return 'white';
  if (text === 'black' || text === 'b') return 'black';
  throw new BadRequestError("color must be 'white' or 'black'");
}
