// Time to schedule 100,000 card reviews with the app's scheduler (median of several runs).
// Cards are reviewed when due, with a fixed mix of ratings, so every state and rating is exercised.
import { type Card, type Grade, Rating, newCard, reviewCard } from '../src/chess/scheduling';

const REVIEWS = 100_000;
const CARDS = 1_000;
const RUNS = 7;
// Mostly Good, as players answer; Again and Hard often enough to keep lapses and relearning in play.
const MIX: Grade[] = [Rating.Good, Rating.Good, Rating.Again, Rating.Good, Rating.Hard, Rating.Easy, Rating.Good];
const START = new Date('2024-01-01T00:00:00.000Z');

function deck(): Card[] {
  return Array.from({ length: CARDS }, (_, i) =>
    newCard(
      {
        id: `card-${i}`,
        userId: 'bench',
        prompt: 'Find the best move',
        promptFen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
        promptPgn: '1. e4',
        answer: 'c5',
        answerFen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
        answerPgn: '1. e4 c5',
        orientation: 'black',
      },
      START,
    ),
  );
}

function run(): number {
  const cards = deck();
  const t0 = performance.now();
  for (let i = 0; i < REVIEWS; i++) {
    const k = i % CARDS;
    const card = cards[k];
    const result = reviewCard(card, MIX[(i + k) % MIX.length], new Date(card.due));
    if (result.isErr) throw result.error;
    cards[k] = result.value.card;
  }
  return performance.now() - t0;
}

run(); // warm-up
const times = Array.from({ length: RUNS }, run).sort((a, b) => a - b);
const median = times[Math.floor(RUNS / 2)];
console.log(`schedule_100k_reviews: ${median.toFixed(1)} ms`);
console.log(`schedule_reviews_per_second: ${Math.round((REVIEWS / median) * 1000)} reviews/s`);
