import { useSyncExternalStore } from 'react';
import { readStored, writeStored } from './storage';

// Dark by default, remembered in localStorage, applied as <html data-theme>; index.html applies it before paint.
export type Theme = 'dark' | 'light';

const KEY = 'theme';
const listeners = new Set<() => void>();

export function getTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  writeStored('local', KEY, theme);
  for (const listener of listeners) listener();
}

/** Applies the remembered theme (the default is dark), and follows changes made in other tabs. */
export function applyStoredTheme(): void {
  const apply = () => {
    document.documentElement.dataset.theme = readStored('local', KEY) === 'light' ? 'light' : 'dark';
    for (const listener of listeners) listener();
  };
  apply();
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) apply();
  });
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getTheme,
    () => 'dark' as const,
  );
  return { theme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') };
}
