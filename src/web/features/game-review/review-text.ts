// Words shown for reviews and retrieved games: who played whom, when, at what time control.
import { findGameOpening } from '../../../chess/game-record';
import type { GameReview } from '@contract/game-reviews';
import { plural } from '../../lib/plural';

type Players = Pick<GameReview, 'hero_color' | 'username' | 'opponent_name'>;

const shortDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** [white, black] player names. */
export function playerNames(game: Players): [string, string] {
  const hero = game.username || 'You';
  const opponent = game.opponent_name || '?';
  return game.hero_color === 'White' ? [hero, opponent] : [opponent, hero];
}

/** 'alice vs. bob' */
export function versusText(game: Players): string {
  const [white, black] = playerNames(game);
  return `${white} vs. ${black}`;
}

/** A short local date and time, or '' when the game has no date. */
export function playedText(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : shortDateTime.format(date);
}

/** '300+3' -> '5+3'; '180' -> '3+0'; daily games ('1/86400') -> '1 day'. */
export function timeControlText(timeControl: string): string {
  const daily = /^1\/(\d+)$/.exec(timeControl);
  if (daily) return `${Math.round(Number(daily[1]) / 86400)} day`;
  const live = /^(\d+)(?:\+(\d+))?$/.exec(timeControl);
  if (!live) return timeControl === '-' ? 'correspondence' : timeControl;
  const minutes = Number(live[1]) / 60;
  const shown = Number.isInteger(minutes) ? String(minutes) : minutes.toFixed(1).replace(/\.0$/, '');
  return `${minutes < 1 && minutes > 0 ? `${Number(live[1])}s` : shown}+${live[2] ?? '0'}`;
}

/** The review heading: 'white vs. black', the played date, the time control and the site. */
export function reviewHeading(
  review: Pick<GameReview, 'hero_color' | 'username' | 'opponent_name' | 'date_time_played' | 'time_control' | 'site'>,
): string {
  return [versusText(review), playedText(review.date_time_played), timeControlText(review.time_control), review.site]
    .filter((part) => part !== '')
    .join(', ');
}

/** 'Won', 'Lost', 'Draw' from the hero's side, or '' when unfinished. */
export function resultText(result: number | null): string {
  if (result === null) return '';
  return result === 1 ? 'Won' : result === 0 ? 'Lost' : 'Draw';
}

/** The opening the game's tags name (e.g. 'C30 King's Gambit'), or '' when they name none. */
export function openingText(pgn: string): string {
  const headers = new Map<string, string>();
  for (const match of pgn.matchAll(/^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$/gm))
    headers.set(match[1], match[2].replace(/\\(.)/g, '$1'));
  return findGameOpening(headers);
}

/** What Learn from your mistakes made of one mistake so far: '' before any try. */
export function learnResultText({ tries, solved }: { tries: number; solved: boolean }): string {
  if (tries === 0) return '';
  const count = `${plural(tries, 'try', 'tries')}`;
  return solved ? `Learn: found (${count})` : `Learn: not found yet (${count})`;
}
