import type { Color } from '@contract/common';

/** Common first moves to commit to, one click each: as White the first move, as Black White's and the answer. */
export const QUICK_PICKS: Record<Color, readonly string[]> = {
  white: ['1. e4', '1. d4'],
  black: ['1. e4 c5', '1. e4 e5', '1. e4 c6', '1. d4 d5', '1. d4 Nf6'],
};

/** What the moves field shows before anything is typed. */
export const LINE_PLACEHOLDER: Record<Color, string> = { white: '1. e4', black: '1. e4 c6' };
