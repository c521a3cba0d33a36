import { afterEach, describe, expect, test, vi } from 'vitest';
import { resolveSource } from './resolve-source';

// The server's answer for a study whose first chapter's Event tag is not the study's name.
const STUDY_ANSWER = {
  api_data: { title: 'Chapter 1: Main line', pgn: '[Event "Chapter 1: Main line"]\n\n1. e4 e5 *' },
};

describe('the opening name is what the player picked', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('a study picked from the list keeps its name from the list, not the PGN Event tag', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify(STUDY_ANSWER), { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const resolved = await resolveSource({ kind: 'study', id: 'abcdEFGH', name: 'My Ruy Lopez' }, null);
    expect(resolved).toEqual({
      title: 'My Ruy Lopez',
      link: 'https://lichess.org/study/abcdEFGH',
      text: STUDY_ANSWER.api_data.pgn,
    });
  });

  test('an uploaded file is named by its file name', async () => {
    const file = new File(['[Event "Something else"]\n\n1. d4 d5 *'], 'queens-gambit.pgn');
    const resolved = await resolveSource({ kind: 'file', file }, null);
    expect(resolved?.title).toBe('queens-gambit.pgn');
  });
});
