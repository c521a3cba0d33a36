import { describe, expect, test } from 'vitest';
import { lichessStudyId } from './lichess-study-link.js';

describe('lichessStudyId', () => {
  test.each([
    ['https://lichess.org/study/abcdEFGH', 'https://lichess.org', 'abcdEFGH'],
    ['https://lichess.org/study/abcdEFGH/12345678', 'https://lichess.org', 'abcdEFGH'],
    ['https://lichess.org/study/abcdEFGH/', 'https://lichess.org', 'abcdEFGH'],
    ['http://127.0.0.1:9000/study/abcdEFGH', 'http://127.0.0.1:9000', 'abcdEFGH'],
    // The web app writes lichess.org links whichever Lichess the server talks to.
    ['https://lichess.org/study/abcdEFGH', 'http://127.0.0.1:9000', 'abcdEFGH'],
  ])('%s on %s names study %s', (link, base, id) => {
    expect(lichessStudyId(link, base)).toBe(id);
  });

  test.each([
    ['another host', 'https://evil.example/study/abcdEFGH'],
    ['a host ending in lichess.org', 'https://notlichess.org/study/abcdEFGH'],
    ['a subdomain trick', 'https://lichess.org.evil.example/study/abcdEFGH'],
    ['credentials before the host', 'https://lichess.org@evil.example/study/abcdEFGH'],
    ['the study deeper in the path', 'https://lichess.org/x/study/abcdEFGH'],
    ['another port of the configured host', 'http://127.0.0.1:9001/study/abcdEFGH'],
    ['a short id', 'https://lichess.org/study/abc'],
    ['not a link', 'lichess.org/study/abcdEFGH'],
    ['another scheme', 'ftp://lichess.org/study/abcdEFGH'],
  ])('%s names no study', (_what, link) => {
    expect(lichessStudyId(link, 'http://127.0.0.1:9000')).toBeUndefined();
  });
});
