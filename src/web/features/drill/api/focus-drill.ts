import { useMutation } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client';
import type { DrillColor } from './types';

/** Puts a repertoire position at the front of the player's drill (due now). */
export function focusDrill(color: DrillColor, fen: string): Promise<unknown> {
  return apiPostJson('/api/drill/focus', { color, fen });
}

export function useFocusDrill() {
  return useMutation({ mutationFn: ({ color, fen }: { color: DrillColor; fen: string }) => focusDrill(color, fen) });
}
