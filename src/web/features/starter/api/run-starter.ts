import { starterApi, type StarterBuild, type StarterProgress, type StarterRequest } from '@contract/starter';
import { callEvents } from '../../../lib/api';

export type { StarterProgress, StarterRequest };

type Listeners = {
  onProgress: (progress: StarterProgress) => void;
  /** What the explorer is doing while it rests after refusing a call. */
  onStatus: (message: string) => void;
};

/**
 * Starts a build and follows its event stream to the result. Bad input is thrown (ApiError 400) before
 * anything starts; undefined when the stream ends without a result (the build goes on on the server).
 */
export async function runStarter(
  request: StarterRequest,
  { onProgress, onStatus }: Listeners,
  signal?: AbortSignal,
): Promise<StarterBuild | undefined> {
  let result: StarterBuild | undefined;
  await callEvents(
    starterApi.start,
    { body: request },
    ({ event, data }) => {
      if (event === 'progress') onProgress(data as StarterProgress);
      else if (event === 'status') onStatus((data as { message: string }).message);
      else if (event === 'result') result = data as StarterBuild;
    },
    { signal },
  );
  return result;
}
