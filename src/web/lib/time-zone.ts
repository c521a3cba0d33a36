/** The browser's IANA time zone ('Europe/Berlin'), sent as ?tz= so the server counts days as the player does. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
