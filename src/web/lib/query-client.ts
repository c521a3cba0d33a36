import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { sessionQueryKey } from './session';

// TanStack Query's defaults are the data-fetch cache we want: 3 retries, exponential backoff
// from 1 s capped at 30 s, and garbage collection after 5 minutes. Keep them.
export function createQueryClient(): QueryClient {
  // A 401 from any call means the session ended (expired, or logged out elsewhere): check it again,
  // and the routes send the user to the landing page if it is gone.
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) void client.invalidateQueries({ queryKey: sessionQueryKey });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
  });
  return client;
}
