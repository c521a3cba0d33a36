import { fetchLichessStudy, studyIdFromLink, studyLink } from '../api/lichess-studies';
import type { Study } from '../api/types';
import type { OpeningSource } from '../components/study-source';
import { readChosenFile } from './read-file';

export type ResolvedOpening = { title: string; link: string | null; text: string };

/**
 * The PGN text for a chosen source: a study is fetched (through the server), a file is read. With
 * nothing chosen, the colour's current study is re-fetched when it came from Lichess (refresh).
 */
export async function resolveSource(
  source: OpeningSource,
  current: Study | null,
): Promise<ResolvedOpening | undefined> {
  if (source.kind === 'study') {
    const study = await fetchLichessStudy(source.id);
    // The name the player picked from the list, not the PGN's first tag.
    return { title: source.name || study.title, link: studyLink(source.id), text: study.pgn };
  }
  if (source.kind === 'file') {
    const text = await readChosenFile(source.file);
    return text === undefined ? undefined : { title: source.file.name, link: null, text };
  }
  const id = studyIdFromLink(current?.link ?? null);
  if (id) {
    const study = await fetchLichessStudy(id);
    return { title: current?.title || study.title, link: current?.link ?? studyLink(id), text: study.pgn };
  }
  return undefined;
}
