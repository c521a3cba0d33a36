import { readStored, writeStored } from './storage';

// After sign-up the first arrival in the logged-in app shows /welcome once (spec: flash_help).
// Reading is pure (routes read it while rendering); the welcome screen clears it when shown.
const KEY = 'flash_help';

export const setFlashHelp = (): void => writeStored('session', KEY, '1');
export const isFlashHelpOn = (): boolean => readStored('session', KEY) === '1';
export const clearFlashHelp = (): void => writeStored('session', KEY, undefined);
