import { useMutation } from '@tanstack/react-query';
import { drillApi } from '@contract/drill';
import { call } from '../../../lib/api';
import type { DrillColor } from './types';

/** Puts a repertoire position at the front of the player's drill (due now). */
export function focusDrill(color: DrillColor, fen: string): Promise<unknown> {
  return call(drillApi.focus, { body: { color, fen } });
}

export function useFocusDrill() {
  return useMutation({ mutationFn: ({ color, fen }: { color: DrillColor; fen: string }) => focusDrill(color, fen) });
}
