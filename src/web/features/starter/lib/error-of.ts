import { isApiError } from '../../../lib/api-client';

/** The server's own words for a refused request ("line must not be empty"), else the error's message. */
export function errorOf(error: unknown): string {
  if (isApiError(error)) {
    const body = error.body as { error?: unknown } | undefined;
    if (typeof body?.error === 'string') return body.error;
  }
  return error instanceof Error ? error.message : String(error);
}
