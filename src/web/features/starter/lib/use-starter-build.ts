import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Color } from '@contract/common';
import { isApiError, serverWords } from '../../../lib/api-client';
import { starterQueryKey, useStarter, type StarterBuild } from '../api/get-starter';
import { runStarter, type StarterRequest } from '../api/run-starter';

/**
 * The colour's build as this page sees it: the latest one from the server, followed through the
 * stream of a build started here, or asked for every second while one started elsewhere (an earlier
 * visit, another tab) runs. Leaving the page ends the stream, not the build.
 */
export function useStarterBuild(color: Color) {
  const client = useQueryClient();
  const [streaming, setStreaming] = useState(false);
  const [resting, setResting] = useState<string>();
  const [error, setError] = useState<string>();
  const abort = useRef<AbortController | undefined>(undefined);
  const latest = useStarter(color, streaming);

  // Another colour, or leaving the page: stop reading this stream (the build goes on).
  useEffect(
    () => () => {
      abort.current?.abort();
      abort.current = undefined;
      setStreaming(false);
      setResting(undefined);
      setError(undefined);
    },
    [color],
  );

  const start = useCallback(
    async (request: StarterRequest & { color: Color }) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const key = starterQueryKey(request.color);
      setError(undefined);
      setResting(undefined);
      setStreaming(true);
      try {
        const build = await runStarter(
          request,
          {
            onProgress: (progress) => {
              setResting(undefined);
              // The server took the request: from its first event on the screen shows this build, not the last.
              client.setQueryData<StarterBuild | null>(key, (old) => ({
                ...(old?.status === 'running' ? old : emptyBuild(request.color)),
                line: request.line,
                ...progress,
              }));
            },
            onStatus: setResting,
          },
          controller.signal,
        );
        if (build) client.setQueryData(key, build);
      } catch (e) {
        if (controller.signal.aborted) return;
        // Refused before it started: nothing runs. Otherwise the stream broke and the build may go on.
        if (isApiError(e) && e.kind === 'http') setError(serverWords(e));
        else setError(`Lost the connection to the build (${serverWords(e)}); showing the server's latest.`);
      } finally {
        if (abort.current === controller) {
          abort.current = undefined;
          setStreaming(false);
          setResting(undefined);
          void client.invalidateQueries({ queryKey: key });
        }
      }
    },
    [client],
  );

  return { latest, streaming, resting, error, start };
}

/** A build the screen shows between the request and the server's first word about it. */
const emptyBuild = (color: Color): StarterBuild => ({
  id: '',
  color,
  line: '',
  speeds: '',
  ratings: '',
  goal: 0,
  status: 'running',
  message: null,
  done: 0,
  queued: 0,
  positions: 0,
  own_moves: 0,
  lines: 0,
  reviews_per_day: 0,
  pgn: '',
  started_at: new Date().toISOString(),
  ended_at: null,
});
