import type { ImportCounts } from './api/import-data';

const KIND_NAMES: Record<keyof ImportCounts, [string, string]> = {
  game_reviews: ['game review', 'game reviews'],
  mistakes: ['mistake', 'mistakes'],
  cards: ['card', 'cards'],
  review_logs: ['card review', 'card reviews'],
  studies: ['study', 'studies'],
  drill: ['drill position', 'drill positions'],
  drill_logs: ['drill answer', 'drill answers'],
  uploaded_stats: ['uploaded statistic', 'uploaded statistics'],
  repertoire_sources: ['repertoire source', 'repertoire sources'],
  repertoire_edits: ['workshop edit', 'workshop edits'],
  coverage_goals: ['coverage goal', 'coverage goals'],
  expected_scores: ['expected score', 'expected scores'],
  scheduler: ['fitted schedule', 'fitted schedules'],
  game_analyses: ['game analysis', 'game analyses'],
  learn_attempts: ['mistake tried again', 'mistakes tried again'],
  opponent_preps: ['opponent preparation', 'opponent preparations'],
  woodpecker_sets: ['Woodpecker set', 'Woodpecker sets'],
  woodpecker_attempts: ['Woodpecker answer', 'Woodpecker answers'],
};

/** "Imported 3 cards and 1 study", or that the file held nothing new. */
export function importSummary(counts: ImportCounts): string {
  const parts = (Object.keys(KIND_NAMES) as (keyof ImportCounts)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => `${counts[kind]} ${KIND_NAMES[kind][counts[kind] === 1 ? 0 : 1]}`);
  if (parts.length === 0) return 'Nothing new: everything in this file is already in your account.';
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `Imported ${list}.`;
}
