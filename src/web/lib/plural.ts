/** The noun for a count: "line" for 1, "lines" (or `many`) otherwise. */
export const noun = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

/** A count with its noun, in the app's number format: "1 review", "1,200 reviews". */
export const plural = (n: number, one: string, many = `${one}s`): string =>
  `${n.toLocaleString('en-US')} ${noun(n, one, many)}`;
