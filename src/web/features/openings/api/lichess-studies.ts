import { studiesApi, type LichessStudy, type StudySummary } from '@contract/studies';
import { call } from '../../../lib/api';

/**
 * A Lichess user's public studies, through the server. When Lichess fails the server answers an empty
 * list with the reason: thrown here, so a failing site never reads as a user without studies.
 */
export async function listLichessStudies(username: string): Promise<StudySummary[]> {
  const answer = await call(studiesApi.lichessStudies, { query: { username } });
  if (answer.error) throw new Error(answer.error);
  return answer.api_data ?? [];
}

/** One study's title and PGN; throws when Lichess gave no text. */
export async function fetchLichessStudy(id: string): Promise<LichessStudy> {
  const answer = await call(studiesApi.lichessStudy, { params: { id } });
  if (!answer.api_data?.pgn) throw new Error(answer.error ?? 'The study has no text');
  return answer.api_data;
}

export const studyLink = (id: string) => `https://lichess.org/study/${id}`;
export const studyIdFromLink = (link: string | null) => link?.match(/study\/([A-Za-z0-9]{8})/)?.[1];
