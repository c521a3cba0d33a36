import { QueryClient } from '@tanstack/react-query';

// TanStack Query's defaults are the spec's data-fetch cache: 3 retries, exponential backoff
// from 1 s capped at 30 s, and garbage collection after 5 minutes. Keep them.
export function createQueryClient(): QueryClient {
  return new QueryClient();
}
