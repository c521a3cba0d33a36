import type { Color } from '@contract/common';

/** Every query of one colour's repertoire starts with this key, so an edit refreshes them all. */
export const repertoireQueryKey = (color: Color) => ['repertoire', color] as const;
