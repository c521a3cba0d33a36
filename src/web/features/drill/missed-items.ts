/**
 * Misses asked again in the same session: an item answered wrong comes back after a few other items
 * (or at once when nothing else is left), until it is answered right once.
 *
 *   let list = noteMissed([], item, 5);     // missed as the 5th answer: asked again after the 8th
 *   takeMissed(list, 8, false) -> [item, []]
 */

/** Other items answered between a miss and its next asking. */
export const MISSED_GAP = 3;

export type MissedItem<T> = { item: T; after: number };

type WithId = { id: number };

/** The list with `item` (answered wrong as answer number `answered`) due again after MISSED_GAP more answers. */
export function noteMissed<T extends WithId>(
  list: readonly MissedItem<T>[],
  item: T,
  answered: number,
): MissedItem<T>[] {
  return [...list.filter((m) => m.item.id !== item.id), { item, after: answered + MISSED_GAP }];
}

/** The list without the item: it was answered right. */
export function dropMissed<T extends WithId>(list: readonly MissedItem<T>[], id: number): MissedItem<T>[] {
  return list.filter((m) => m.item.id !== id);
}

/**
 * The first missed item whose turn has come once `answered` answers are given (any, when `nothingElse`:
 * the session has no other item left), and the list without it.
 */
export function takeMissed<T extends WithId>(
  list: readonly MissedItem<T>[],
  answered: number,
  nothingElse: boolean,
): [T | undefined, MissedItem<T>[]] {
  const at = list.findIndex((m) => nothingElse || m.after <= answered);
  if (at < 0) return [undefined, [...list]];
  return [list[at].item, [...list.slice(0, at), ...list.slice(at + 1)]];
}
