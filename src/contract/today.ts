import { z } from 'zod';
import { apiData, color, noBody } from './common.js';
import { endpoint } from './endpoint.js';

/**
 * Today (what to train now), Progress (what is coming and how it went) and the player's own schedule.
 * Days are the player's: the browser sends its IANA time zone as `tz` (UTC without one).
 */

/** `?tz=Europe/Berlin`; checked against the zones the server knows by the route. */
const tzQuery = z.object({
  tz: z.string({ error: 'tz must be a time zone name' }).max(64, 'tz is too long').optional(),
});

const count = z.number().int().nonnegative();

const todayAnswer = z.object({
  /** Cards whose due time has passed. */
  cards_due: count,
  /** Drill items whose due time has passed (reviewed, changed or asked for), per colour; New ones aside. */
  drill_due: z.object({ white: count, black: count }),
  /** New drill items still to be served today: what is left of each colour's share of the daily allowance, summed. */
  drill_new_left: count,
  /** Games played on each site since the previous visit, not yet saved as reviews (from the last background fetch). */
  new_games: z.object({ lichess: count, chesscom: count }),
  /** Saved game reviews without engine analysis. */
  unanalysed_reviews: count,
  /** Of those, the games saved by the automatic import (new games to analyse). */
  imported_unanalysed: count,
  /** Study next holes (the likeliest 20 of each colour's latest coverage check) the repertoire still leaves open. */
  holes_open: count,
  /** Holes of each colour's latest coverage check at or above its goal that the repertoire still leaves open. */
  needed_holes_left: z.object({ white: count, black: count }),
  /** Consecutive days with training, up to today (a day not yet trained today keeps yesterday's streak). */
  streak_days: count,
  /** Card reviews and drill answers today. */
  done_today: count,
  /** What done_today is made of. */
  done: z.object({ cards: count, drill: count, new_drill: count }),
  /** True while a background fetch of new games runs: ask again shortly for fresh new_games. */
  games_fetching: z.boolean(),
});
export type TodayAnswer = z.infer<typeof todayAnswer>;

const LEECH_KINDS = ['card', 'drill'] as const;

export const leech = z.object({
  kind: z.enum(LEECH_KINDS),
  /** The card's id, or the drill item's (as text for cards, a number for drill items). */
  id: z.union([z.string(), z.number().int()]),
  fen: z.string(),
  lapses: count,
  /** The card's prompt, or the drill item's line. */
  label: z.string(),
  /** Drill items only. */
  color: color.optional(),
  /** Drill items only: movetext from the start to the position. */
  line: z.string().optional(),
});
export type Leech = z.infer<typeof leech>;

const progressAnswer = z.object({
  /** The next 30 days from today: items due each day (overdue ones count today). */
  forecast: z.array(z.object({ date: z.string(), cards: count, drill: count })),
  /** The last 12 weeks (Monday first), this week last. */
  retention: z.array(
    z.object({
      week: z.string(),
      reviews: count,
      /** 0..1: share of the week's card and drill reviews not rated Again; null without reviews. */
      right_first_time: z.number().min(0).max(1).nullable(),
    }),
  ),
  /** Cards and drill items failed 4 times or more, most lapses first. */
  leeches: z.array(leech),
});
export type ProgressAnswer = z.infer<typeof progressAnswer>;

const recallFit = z.object({
  /** Reviews a day or more after the previous one, which the comparison is about. */
  reviews: count,
  /** 0..1: how many of them you got right. */
  actual: z.number(),
  /** 0..1: what the default weights predicted. */
  before: z.number(),
  /** 0..1: what your own weights predict. */
  after: z.number(),
});

const schedulerAnswer = z.object({
  /** Your 19 FSRS weights, or null while the default ones schedule your cards and drill. */
  weights: z.array(z.number()).nullable(),
  /** Card reviews and drill answers in your history (ratings Again to Easy). */
  reviews: count,
  /** Reviews needed before optimising (400). */
  needed: count,
  optimised_at: z.string().nullable(),
  fit: recallFit.nullable(),
});
export type SchedulerAnswer = z.infer<typeof schedulerAnswer>;

export const todayApi = {
  today: endpoint({ method: 'GET', path: '/api/today', query: tzQuery, answer: apiData(todayAnswer) }),
  progress: endpoint({ method: 'GET', path: '/api/progress', query: tzQuery, answer: apiData(progressAnswer) }),
  scheduler: endpoint({ method: 'GET', path: '/api/scheduler', answer: apiData(schedulerAnswer) }),
  /** 400 says why it could not fit; 409 while the player's schedule is already being optimised. */
  optimiseScheduler: endpoint({
    method: 'POST',
    path: '/api/scheduler/optimise',
    body: noBody,
    answer: apiData(schedulerAnswer),
    /** 409 while the player's run goes on, 429 within the cooldown, 503 while the server fits others. */
    errors: [400, 409, 429, 503],
  }),
  resetScheduler: endpoint({
    method: 'POST',
    path: '/api/scheduler/reset',
    body: noBody,
    answer: apiData(schedulerAnswer),
  }),
};
