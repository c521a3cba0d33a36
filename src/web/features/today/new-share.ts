/**
 * The New items of a training session, both colours: the server already serves each colour only its
 * share of the day's allowance (src/chess/drill-new-share.ts); the session takes them in turn.
 *
 *   alternate(['w1', 'w2', 'w3'], ['b1']) -> ['w1', 'b1', 'w2', 'w3']
 */

/** Two lists taken in turn, one from each while both last. */
export function alternate<T>(a: readonly T[], b: readonly T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]);
    if (i < b.length) out.push(b[i]);
  }
  return out;
}
