// Words and numbers of the report as a player reads them.
import { moveLabel } from '../../../chess/pgn';
import type { Color } from '../../../chess/repertoire';
import type { ReportDeviation, ReportGameRef } from '@contract/repertoire-report';

/** '2... g6': the move played, numbered from the position it was played in. */
export function playedLabel(d: Pick<ReportDeviation, 'move_number' | 'fen' | 'played_san'>): string {
  return moveLabel(d.move_number, turnOf(d.fen), d.played_san);
}

/** The repertoire's moves there, numbered: '2. Nf3, 2. d4'. */
export function expectedLabel(d: Pick<ReportDeviation, 'move_number' | 'fen' | 'expected_san'>): string {
  return d.expected_san.map((san) => moveLabel(d.move_number, turnOf(d.fen), san)).join(', ') || 'none';
}

export function turnOf(fen: string): Color {
  return fen.split(' ')[1] === 'b' ? 'black' : 'white';
}

/** 0..1 as a whole percentage; '–' when unknown. */
export function percent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`;
}

/** The player's score over the games: '1.5/3 (50%)'. */
export function scoreText(d: Pick<ReportDeviation, 'score' | 'games'>): string {
  const known = d.games.filter((g) => g.result !== null);
  if (d.score === null || known.length === 0) return 'no results';
  const points = known.reduce((sum, g) => sum + (g.result ?? 0), 0);
  return `${formatPoints(points)}/${known.length} (${percent(d.score)})`;
}

const formatPoints = (points: number) => (Number.isInteger(points) ? String(points) : points.toFixed(1));

/** Movetext with the move played: '1. e4 c5 2. c3'. */
export function lineWithMove(d: Pick<ReportDeviation, 'line' | 'move_number' | 'fen' | 'played_san'>): string {
  const label = playedLabel(d);
  // After White's move in the line, Black's reply continues without its number.
  const move = turnOf(d.fen) === 'black' && d.line !== '' ? d.played_san : label;
  return d.line ? `${d.line} ${move}` : move;
}

/** Where a game behind a row opens: its saved review at the move, else the game on its site. */
export function gameHref(
  game: Pick<ReportGameRef, 'review_id' | 'link' | 'site'> & { ply: number },
  gameReviewPath = '/game_review',
): { href: string; internal: boolean } | undefined {
  if (game.review_id !== null) return { href: reviewHref(gameReviewPath, game.review_id, game.ply), internal: true };
  if (!game.link) return undefined;
  // Lichess opens a game at a half-move given as the fragment.
  return { href: game.site === 'Lichess' ? `${game.link}#${game.ply}` : game.link, internal: false };
}

/** Game review opened on a saved review at a half-move. */
export function reviewHref(gameReviewPath: string, reviewId: number, ply: number): string {
  return `${gameReviewPath}?review=${reviewId}&ply=${ply}`;
}

/** 'Jan 2, 2026' in the player's locale; '' for an unknown date. */
export function shortDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
