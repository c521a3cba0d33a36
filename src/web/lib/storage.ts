// localStorage / sessionStorage that never throw (private windows and disabled storage).

export function readStored(storage: 'local' | 'session', key: string): string | undefined {
  try {
    return (storage === 'local' ? localStorage : sessionStorage).getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(storage: 'local' | 'session', key: string, value: string | undefined): void {
  try {
    const store = storage === 'local' ? localStorage : sessionStorage;
    if (value === undefined) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives only for this page.
  }
}
