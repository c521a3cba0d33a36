import type { Theme } from '../../lib/theme';

/** Chart colours per theme, each with AA contrast on that theme's raised background. */
export const CHART_COLORS: Record<
  Theme,
  { cards: string; drill: string; line: string; grid: string; text: string; tooltip: string }
> = {
  dark: { cards: '#5eaeff', drill: '#8fd14f', line: '#f0b35e', grid: '#3d3a36', text: '#a8a5a0', tooltip: '#262421' },
  light: { cards: '#1565b8', drill: '#2e6b0f', line: '#a34d00', grid: '#d5d1cb', text: '#5c5955', tooltip: '#ffffff' },
};
