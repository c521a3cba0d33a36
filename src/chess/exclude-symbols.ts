/**
 * The move annotations a player may exclude from a repertoire, and their PGN NAG numbers.
 *
 * parseExcludeSymbols('?,?!') -> Ok(['?', '?!']); excludedNags(['?!']) -> Set {6}
 */
import { Result } from '@badrap/result';

export const EXCLUDE_SYMBOLS = ['?', '??', '!?', '?!'] as const;
export type ExcludeSymbol = (typeof EXCLUDE_SYMBOLS)[number];

/** Standard NAGs: $2 mistake, $4 blunder, $5 speculative, $6 dubious. */
export const EXCLUDE_SYMBOL_NAGS: Record<ExcludeSymbol, number> = { '?': 2, '??': 4, '!?': 5, '?!': 6 };

export const EXCLUDE_SYMBOL_NAMES: Record<ExcludeSymbol, string> = {
  '?': 'mistake',
  '??': 'blunder',
  '!?': 'speculative',
  '?!': 'dubious',
};

export const isExcludeSymbol = (s: string): s is ExcludeSymbol => (EXCLUDE_SYMBOLS as readonly string[]).includes(s);

export class ExcludeSymbolError extends Error {
  readonly code = 'unknown_symbol';
  constructor(readonly symbol: string) {
    super(`Unknown exclude symbol '${symbol}'; use ?, ??, !? or ?!`);
    this.name = 'ExcludeSymbolError';
  }
}

/** Accepts the comma-joined form stored with a study, or the repeated excludeSymbols[] form fields. */
export const parseExcludeSymbols = (
  input: string | readonly string[] | undefined | null,
): Result<ExcludeSymbol[], ExcludeSymbolError> => {
  const parts = (typeof input === 'string' ? input.split(',') : (input ?? []))
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const found = new Set<ExcludeSymbol>();
  for (const part of parts) {
    if (!isExcludeSymbol(part)) return Result.err(new ExcludeSymbolError(part));
    found.add(part);
  }
  return Result.ok(EXCLUDE_SYMBOLS.filter((s) => found.has(s)));
};

/** The comma-joined form kept in a Study's exclude_move_indicators. */
export const makeExcludeSymbols = (symbols: readonly ExcludeSymbol[]): string =>
  EXCLUDE_SYMBOLS.filter((s) => symbols.includes(s)).join(',');

export const excludedNags = (symbols: readonly ExcludeSymbol[]): ReadonlySet<number> =>
  new Set(symbols.map((s) => EXCLUDE_SYMBOL_NAGS[s]));
