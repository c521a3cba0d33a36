// The flashcard calls: list, create/edit in bulk, review on the server's clock, delete. A card is
// keyed by (player, id): another player's id names a card of the caller's own.
//   GET  /api/get-cards               -> {api_data: [Card]} by due date (ETag, 304 when unchanged)
//   POST /api/upsert-cards  [card]    -> {api_data: [Card]} as stored
//   POST /api/review-card   {id, rating} -> {api_data: {card, log}}; 404 {error} for an unknown id
//   POST /api/delete-card   {id}      -> {api_data: {id, deleted}}
// Example: upsertCardsBody.parse([{ id: 'c1', prompt_fen: START_FEN, answer_fen: START_FEN }])
// gives one new card, due now, with empty texts and white orientation.
import { z } from 'zod';
import { validateFen } from '../chess/fen.js';
import { GRADES, MAXIMUM_INTERVAL, ORIENTATIONS, RATINGS, STATES } from '../chess/scheduling.js';
import type { CardSchedule, Grade, ReviewLog } from '../chess/scheduling-types.js';
import { apiData, type Expect, type Same } from './common.js';
import { endpoint } from './endpoint.js';

export type { Grade, ReviewLog };

/** Most cards a single upsert may carry. */
const MAX_CARDS_PER_UPSERT = 5000;
const MAX_TEXT = 10_000;
const MAX_PGN = 50_000;

const fen = z.string().superRefine((value, ctx) => {
  const result = validateFen(value.trim());
  if (result.isErr) ctx.addIssue({ code: 'custom', message: result.error.message });
});

const isoDate = z.iso.datetime({ offset: true });
const count = z.number().int().min(0).max(1_000_000);
/** 0 New, 1 Learning, 2 Review, 3 Relearning. */
const cardState = z.union(STATES.map((s) => z.literal(s)));

/** One card as a client sends it; schedule fields left out make a new card due now. */
export const cardInput = z
  .object({
    id: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[\w.:-]+$/, 'Card id may hold only letters, digits and _ . : -'),
    /** Ignored: a card always belongs to the caller. */
    user_id: z.union([z.string(), z.number()]).optional(),
    prompt: z.string().max(MAX_TEXT).default(''),
    prompt_fen: fen,
    prompt_pgn: z.string().max(MAX_PGN).default(''),
    answer: z.string().max(MAX_TEXT).default(''),
    answer_fen: fen,
    answer_pgn: z.string().max(MAX_PGN).default(''),
    orientation: z.enum(ORIENTATIONS).default('white'),
    due: isoDate.optional(),
    stability: z.number().min(0).max(MAXIMUM_INTERVAL).optional(),
    difficulty: z.number().min(0).max(10).optional(),
    elapsed_days: count.optional(),
    scheduled_days: z.number().int().min(0).max(MAXIMUM_INTERVAL).optional(),
    reps: count.optional(),
    lapses: count.optional(),
    state: cardState.optional(),
    last_review: isoDate.nullable().optional(),
  })
  .strict();
export type CardInput = z.infer<typeof cardInput>;

/** A clock a little ahead of ours is not the future. */
const CLOCK_SKEW_MS = 5 * 60_000;

/** A review cannot have happened later than now: the scheduler would compute from a negative interval. */
export function isLastReviewInFuture(card: { last_review?: string | null }, now = Date.now()): boolean {
  return !!card.last_review && Date.parse(card.last_review) > now + CLOCK_SKEW_MS;
}

const upsertCardsBody = z
  .array(cardInput)
  .max(MAX_CARDS_PER_UPSERT, `At most ${MAX_CARDS_PER_UPSERT} cards per call`)
  .superRefine((cards, ctx) => {
    const seen = new Set<string>();
    cards.forEach((card, index) => {
      if (seen.has(card.id)) {
        ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Card id ${card.id} appears twice` });
      }
      seen.add(card.id);
      if (isLastReviewInFuture(card)) {
        ctx.addIssue({ code: 'custom', path: [index, 'last_review'], message: 'last_review is in the future' });
      }
    });
  });

const deleteCardBody = z.object({ id: z.string().min(1).max(100) });

/** Again (1) to Easy (4); the server's clock is the review time. */
const reviewCardBody = z.object({
  id: z.string().min(1).max(100),
  rating: z.union(
    GRADES.map((g) => z.literal(g)),
    {
      error: 'Rating must be Again (1), Hard (2), Good (3) or Easy (4)',
    },
  ),
});

/** What the editor sends: texts, boards and orientation; a new card's schedule is set by the server. */
export type CardDraft = Pick<
  CardInput,
  'id' | 'prompt' | 'prompt_fen' | 'prompt_pgn' | 'answer' | 'answer_fen' | 'answer_pgn' | 'orientation'
>;

/** A card as the answers carry it: its content and FSRS schedule (dates as ISO strings). */
const card = z.object({
  /** Client-generated unique id. */
  id: z.string(),
  user_id: z.string(),
  prompt: z.string(),
  prompt_fen: z.string(),
  prompt_pgn: z.string(),
  answer: z.string(),
  answer_fen: z.string(),
  answer_pgn: z.string(),
  orientation: z.enum(ORIENTATIONS),
  /** ISO date-time when the card is next due. */
  due: z.string(),
  /** Days until recall probability falls to 90%; 0 for a new card. */
  stability: z.number(),
  /** 1..10 once reviewed; 0 for a new card. */
  difficulty: z.number(),
  /** Whole UTC calendar days between the last two reviews. */
  elapsed_days: z.number().int(),
  /** Days of the interval set at the last review; 0 for minute steps. */
  scheduled_days: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  state: cardState,
  /** ISO date-time of the last review; absent for a new card. */
  last_review: z.string().optional(),
});
export type Card = z.infer<typeof card>;
/** The schedule is the chess core's (scheduling-types.ts), with ts-fsrs's field names. */
type _ScheduleIsCore = Expect<Same<Pick<Card, keyof CardSchedule>, CardSchedule>>;

/** One review: state, stability, difficulty and scheduled_days as they were before it. */
const reviewLog = z.object({
  rating: z.union(RATINGS.map((r) => z.literal(r))),
  state: cardState,
  /** ISO date-time: the previous review (or the card's due date when new). */
  due: z.string(),
  stability: z.number(),
  difficulty: z.number(),
  elapsed_days: z.number().int(),
  last_elapsed_days: z.number().int(),
  scheduled_days: z.number().int(),
  /** ISO date-time of this review. */
  review: z.string(),
});
type _ReviewLogIsCore = Expect<Same<z.infer<typeof reviewLog>, ReviewLog>>;

const reviewCardAnswer = z.object({ card, log: reviewLog });
export type ReviewCardAnswer = z.infer<typeof reviewCardAnswer>;

const deleteCardAnswer = z.object({ id: z.string(), deleted: z.boolean() });

export const cardsApi = {
  /**
   * Answers 304 without a body when If-None-Match names the current list. The list goes out as ready
   * JSON text, which passes no serialiser: the schema states it, a test holds what is sent to it (prepared-answers.test.ts).
   */
  list: endpoint({ method: 'GET', path: '/api/get-cards', answer: apiData(z.array(card)) }),
  upsert: endpoint({
    method: 'POST',
    path: '/api/upsert-cards',
    body: upsertCardsBody,
    answer: apiData(z.array(card)),
  }),
  review: endpoint({
    method: 'POST',
    path: '/api/review-card',
    body: reviewCardBody,
    answer: apiData(reviewCardAnswer),
    errors: [400, 404],
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/delete-card',
    body: deleteCardBody,
    answer: apiData(deleteCardAnswer),
  }),
};
