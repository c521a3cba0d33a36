import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeOAuth } from './fake-oauth.js';

/**
 * Writing to studies on the fake Lichess, as Lichess answers it: `POST /api/study/{id}/import-pgn`
 * (form `name`, `pgn`, `orientation`) adds one chapter per game of the PGN and answers
 * `{"chapters": [{"id", "name", ...}]}`; `DELETE /api/study/{id}/{chapterId}` removes one. Both need a
 * live token from the fake OAuth (401 otherwise) granted `study:write` (403 otherwise), and a study the
 * fake serves (404 otherwise). Chapters added here are served after the study's own when it is read.
 */

export interface WrittenChapter {
  id: string;
  name: string;
  orientation: string;
  /** The chapter as the study export gives it (tags and movetext). */
  pgn: string;
}

export interface FakeStudyWrites {
  /** The chapters added to a study and not deleted, oldest first. */
  chapters(studyId: string): WrittenChapter[];
  /** The added chapters as study export text ('' when none), to follow the study's own. */
  exportText(studyId: string): string;
  reset(): void;
}

const send = (res: ServerResponse, status: number, value?: unknown) => {
  if (value === undefined) {
    res.writeHead(status);
    return res.end();
  }
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(value));
};

/** The games of a PGN text: each game's tag lines and its movetext. */
const gamesOf = (pgn: string): { tags: Map<string, string>; movetext: string }[] =>
  pgn
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n(?=\s*\[)/)
    .map((chunk) => {
      const tags = new Map<string, string>();
      const moves: string[] = [];
      for (const line of chunk.split('\n')) {
        const tag = /^\s*\[(\w+)\s+"(.*)"\]\s*$/.exec(line);
        if (tag) tags.set(tag[1], tag[2]);
        else moves.push(line);
      }
      return { tags, movetext: moves.join('\n').trim() };
    })
    .filter((game) => game.movetext !== '' || game.tags.size > 0);

export function createFakeStudyWrites(
  oauth: FakeOAuth,
  knownStudy: (id: string) => { name: string } | undefined,
): FakeStudyWrites & {
  /** Answers a write; false when the request is not one. */
  handle(req: IncomingMessage, url: URL, res: ServerResponse): boolean;
  isWrite(req: IncomingMessage, url: URL): boolean;
} {
  const written = new Map<string, WrittenChapter[]>();
  const IMPORT = /^\/api\/study\/([A-Za-z0-9]{8})\/import-pgn$/;
  const CHAPTER = /^\/api\/study\/([A-Za-z0-9]{8})\/([A-Za-z0-9]{8})$/;

  const refusal = (req: IncomingMessage): [number, unknown] | undefined => {
    const status = oauth.tokenStatus(req.headers.authorization);
    if (status !== 'live') return [401, { error: 'No such token' }];
    if (!oauth.tokenScopes(req.headers.authorization).includes('study:write'))
      return [403, { error: 'Missing scope: study:write' }];
    return undefined;
  };

  const importPgn = (studyId: string, form: URLSearchParams, res: ServerResponse) => {
    const study = knownStudy(studyId);
    if (!study) return send(res, 404, { error: 'Not found' });
    const games = gamesOf(form.get('pgn') ?? '');
    if (games.length === 0) return send(res, 400, { error: 'pgn: no game' });
    const list = written.get(studyId) ?? [];
    const made = games.map((game, i) => {
      const id = randomBytes(6)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, 'x')
        .slice(0, 8);
      const name = (i === 0 && form.get('name')) || game.tags.get('ChapterName') || `Chapter ${list.length + i + 1}`;
      const url = `https://lichess.org/study/${studyId}/${id}`;
      const setup = ['FEN', 'SetUp']
        .filter((tag) => game.tags.has(tag))
        .map((tag) => `[${tag} "${game.tags.get(tag)}"]\n`)
        .join('');
      const pgn =
        `[Event "${study.name}: ${name}"]\n[Site "${url}"]\n[Result "*"]\n[Variant "Standard"]\n` +
        `[ChapterName "${name}"]\n[ChapterURL "${url}"]\n${setup}\n${game.movetext}\n`;
      return { id, name, orientation: form.get('orientation') ?? 'white', pgn };
    });
    written.set(studyId, [...list, ...made]);
    send(res, 200, {
      chapters: made.map(({ id, name, orientation }) => ({ id, name, orientation, players: null, status: '*' })),
    });
  };

  return {
    chapters: (studyId) => [...(written.get(studyId) ?? [])],
    exportText: (studyId) => (written.get(studyId) ?? []).map((c) => c.pgn).join('\n\n'),
    reset: () => written.clear(),
    isWrite: (req, url) =>
      (req.method === 'POST' && IMPORT.test(url.pathname)) || (req.method === 'DELETE' && CHAPTER.test(url.pathname)),
    handle(req, url, res) {
      const imported = req.method === 'POST' ? IMPORT.exec(url.pathname) : null;
      const deleted = req.method === 'DELETE' ? CHAPTER.exec(url.pathname) : null;
      if (!imported && !deleted) return false;
      const refused = refusal(req);
      if (refused) {
        send(res, ...refused);
        return true;
      }
      if (deleted) {
        const [, studyId, chapterId] = deleted;
        const list = written.get(studyId) ?? [];
        if (!knownStudy(studyId) || !list.some((c) => c.id === chapterId)) send(res, 404, { error: 'Not found' });
        else {
          written.set(
            studyId,
            list.filter((c) => c.id !== chapterId),
          );
          send(res, 204);
        }
        return true;
      }
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => importPgn(imported![1], new URLSearchParams(body), res));
      return true;
    },
  };
}
