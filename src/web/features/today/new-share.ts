/**
 * A day's New drill allowance shared between the colours in proportion to the positions each has left
 * to learn, so one colour's large study does not take it all; what one colour cannot use goes to the other.
 *
 *   shareNew(10, 300, 100) -> { white: 8, black: 2 }   (rounded: 7.5 -> 8)
 */
export function shareNew(allowance: number, leftWhite: number, leftBlack: number): { white: number; black: number } {
  const total = leftWhite + leftBlack;
  if (allowance <= 0 || total === 0) return { white: 0, black: 0 };
  const fair = Math.min(leftWhite, Math.round((allowance * leftWhite) / total));
  const black = Math.min(leftBlack, allowance - fair);
  return { white: Math.min(leftWhite, allowance - black), black };
}

/** Two lists taken in turn, one from each while both last. */
export function alternate<T>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]);
    if (i < b.length) out.push(b[i]);
  }
  return out;
}
