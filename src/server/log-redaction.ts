/**
 * Every log line passes through here before it is written: query strings go (they carry OAuth codes
 * and states, and whatever a client puts there), and so do tokens wherever they appear (bearer
 * headers, Lichess tokens, secret fields, the tokens in confirmation and reset links).
 *
 *   redactLogLine('{"url":"/api/lichess/callback?code=abc&state=xyz"}') === '{"url":"/api/lichess/callback"}'
 */

const SECRET_FIELDS =
  'authorization|cookie|set-cookie|password|current_password|new_password|token|access_token|refresh_token|code|code_verifier|state|x-xsrf-token|sid';

const RULES: [RegExp, string][] = [
  // A URL or path followed by a query string: the query goes.
  [/((?:https?:\/\/|\/)[^\s"'?#\\]*)\?[^\s"'\\]*/g, '$1'],
  [/\bBearer\s+[^\s"'\\]+/gi, 'Bearer [redacted]'],
  [/\bli[a-z]_[A-Za-z0-9]{8,}/g, '[redacted]'],
  [new RegExp(`"(${SECRET_FIELDS})"\\s*:\\s*"(?:[^"\\\\]|\\\\.)*"`, 'gi'), '"$1":"[redacted]"'],
  // Single-use tokens travel in the path of these links.
  [/(\/(?:api\/confirm-email|reset_password)\/)[^\s"'/\\]+/g, '$1[redacted]'],
];

export function redactLogLine(line: string): string {
  let out = line;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out;
}

/** A log destination that writes each line redacted. */
export function redactingStream(target: { write(line: string): unknown }): { write(line: string): void } {
  return { write: (line) => void target.write(redactLogLine(line)) };
}
