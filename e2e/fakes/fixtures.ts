import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fixturesDir } from '../../test/fixtures.js';

/**
 * The real site answers in test/fixtures (FIXTURES_DIR overrides), loaded once and mapped to
 * the requests the fake sites answer.
 */

export function defaultFixturesDir(): string {
  return fixturesDir;
}

/** Studies the fake lists for every user; the first is the real list line, the others are made up. */
export const FAKE_STUDIES = [
  { id: 'Vl9LYHvz', name: "Chess700800's Study", file: 'study_chapter_Vl9LYHvz_SruboJ1x_2024.pgn' },
  { id: 'GJ5NRo9a', name: 'Torch 1.e4 Openings with theory review', file: 'study_GJ5NRo9a_deep_tree_2024.pgn' },
  { id: 'HIs6KLhc', name: 'whitemood: Philidor Defense', file: 'study_HIs6KLhc_gamebook_2025.pgn' },
  { id: 'LKbBDz6U', name: 'short study', file: 'study_LKbBDz6U_glyphs_2023.pgn' },
  { id: 'i5a1oOJH', name: 'The Ruy Lopez', file: 'study_i5a1oOJH_ruy_lopez_2021.pgn' },
  {
    id: '8c8bmUfy',
    name: '♦ All about the Sicilian Defense ♦',
    file: 'study_chapter_8c8bmUfy_current_format_2026.pgn',
  },
] as const;

/** Lichess usernames (lower case) with their own export; anyone else gets thibault's. */
const GAMES_BY_USER: Record<string, string> = {
  'bfx-de-blr': 'games_user_Bfx-de-Blr_2026_first15.pgn',
  pnmadelaine: 'games_user_pnmadelaine_clocks_2021_first12.pgn',
};
const DEFAULT_GAMES = 'games_user_thibault_2025.pgn';

export interface Fixtures {
  dir: string;
  userGamesPgn(username: string): string;
  studyListNdjson(): string;
  studyPgn(id: string): string | undefined;
  /** The recorded explorer answers: request FEN (or move list) and body. */
  explorerBerserk: string;
  explorerDocsExample: string;
  chesscomMonthJson: string;
}

export function loadFixtures(dir = defaultFixturesDir()): Fixtures {
  const cache = new Map<string, string>();
  const read = (file: string): string => {
    let text = cache.get(file);
    if (text === undefined) {
      const folder = file.startsWith('games_fabianocaruana') ? 'chesscom' : 'lichess';
      text = readFileSync(path.join(dir, folder, file), 'utf8');
      cache.set(file, text);
    }
    return text;
  };

  const realList = read('study_list_by_Chess700800.ndjson');
  const realIds = new Set(
    realList
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: string }).id),
  );
  const made = FAKE_STUDIES.filter((study) => !realIds.has(study.id)).map((study, index) =>
    JSON.stringify({
      id: study.id,
      name: study.name,
      createdAt: 1700000000000 + index * 86_400_000,
      updatedAt: 1730000000000 + index * 86_400_000,
    }),
  );
  const studyList = realList + made.map((line) => `${line}\n`).join('');

  return {
    dir,
    userGamesPgn: (username) => read(GAMES_BY_USER[username.toLowerCase()] ?? DEFAULT_GAMES),
    studyListNdjson: () => studyList,
    studyPgn: (id) => {
      const study = FAKE_STUDIES.find((s) => s.id === id);
      return study ? read(study.file) : undefined;
    },
    explorerBerserk: read('explorer_lichess_2025-12_berserk.json'),
    explorerDocsExample: read('explorer_lichess_2026-02_api_docs_example.json'),
    chesscomMonthJson: read('games_fabianocaruana_2020_05.json'),
  };
}

/** The first `max` games of an export, each ending in a blank line as Lichess sends them. */
export function firstGames(pgn: string, max: number): string {
  const games = pgn.split(/\n\n\n+(?=\[)/);
  if (games.length <= max) return pgn;
  return games
    .slice(0, max)
    .map((game) => `${game.replace(/\n+$/, '')}\n\n\n`)
    .join('');
}
