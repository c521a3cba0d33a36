/**
 * The Lichess study a stored study link names, only when the link is on Lichess: the configured
 * Lichess's host, or lichess.org itself (the link the web app writes, whichever Lichess the server
 * talks to). A link elsewhere that merely has `/study/<id>` in its path names no study, so it can
 * never decide which of a player's Lichess studies is written.
 *
 *   lichessStudyId('https://lichess.org/study/abcdEFGH', 'https://lichess.org') === 'abcdEFGH'
 *   lichessStudyId('https://evil.example/study/abcdEFGH', 'https://lichess.org') === undefined
 */

const PUBLIC_HOST = 'lichess.org';
const STUDY_PATH = /^\/study\/([A-Za-z0-9]{8})(?:\/[A-Za-z0-9]{8})?\/?$/;

export function lichessStudyId(link: string | null | undefined, lichessUrl: string): string | undefined {
  if (!link) return undefined;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  const configured = new URL(lichessUrl);
  const onLichess = url.host === configured.host || url.hostname === PUBLIC_HOST;
  return onLichess ? STUDY_PATH.exec(url.pathname)?.[1] : undefined;
}

/** What a player reads when a link is not a Lichess study link. */
export const NOT_A_STUDY_LINK = 'link must be a Lichess study link (https://lichess.org/study/<id>)';
