import type { LichessStudy, SiteAnswer, StudySummary } from '@contract/studies';
import { apiGet } from '../../../lib/api-client';

/** A Lichess user's public studies, through the server; [] when Lichess fails. */
export async function listLichessStudies(username: string): Promise<StudySummary[]> {
  const answer = await apiGet<SiteAnswer<StudySummary[]>>('/api/lichess/studies', { username });
  return answer.api_data ?? [];
}

/** One study's title and PGN; throws when Lichess gave no text. */
export async function fetchLichessStudy(id: string): Promise<LichessStudy> {
  const answer = await apiGet<SiteAnswer<LichessStudy>>(`/api/lichess/study/${encodeURIComponent(id)}`);
  if (!answer.api_data?.pgn) throw new Error(answer.error ?? 'The study has no text');
  return answer.api_data;
}

export const studyLink = (id: string) => `https://lichess.org/study/${id}`;
export const studyIdFromLink = (link: string | null) => link?.match(/study\/([A-Za-z0-9]{8})/)?.[1];
