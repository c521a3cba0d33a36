// A player with a row of every kind the export gained after its first version, made through the
// app's own calls where it has them; the count of a player's rows of those kinds; and an export
// document with the ids of this server taken out, so two accounts' documents compare equal.
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { signedInClient, type HttpClient, type Json, type TestServer } from '../../../test/helper.js';
import { DEFAULT_WEIGHTS } from '../../chess/index.js';
import {
  expectedScores,
  gameAnalyses,
  gameImportSettings,
  gameReviews,
  learnAttempts,
  opponentPreps,
  playerSchedulers,
  repertoireEdits,
  repertoireGoals,
  repertoireSources,
  studies,
  woodpeckerAttempts,
  woodpeckerSets,
} from '../db/schema.js';
import { keepPrep } from '../opponent-prep/prep-store.js';
import { appendEdits } from '../repertoire/edits-store.js';
import { createSet } from '../woodpecker/woodpecker-repository.js';

export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_C5 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const RUY_PGN = '[White "me"]\n[Black "them"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *';
const QUEENS_PGN = '1. d4 d5 *';

export interface LaterPlayer {
  client: HttpClient;
  userId: number;
}

export function laterKindsPlayers(serverOf: () => TestServer) {
  const db = () => serverOf().app.db;

  async function post(client: HttpClient, path: string, body: unknown): Promise<Json> {
    const answer = await client.postJson(path, body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  }

  async function patchSource(client: HttpClient, id: number, body: unknown): Promise<void> {
    const answer = await client.request('PATCH', `/api/repertoire/sources/${id}`, JSON.stringify(body), {
      'content-type': 'application/json',
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }

  /** A player with sources, edits (one group of two), a goal, scores, a schedule, analyses, tries, a prep and a set. */
  async function laterKindsPlayer(): Promise<LaterPlayer> {
    const { client, userId } = await signedInClient(serverOf(), { prefix: 'later' });
    await post(client, '/api/update-study', {
      color: 'white',
      title: 'Ruy',
      study_text: '1. e4 e5 2. Nf3 Nc6 3. Bb5 *',
    });
    const second = await post(client, '/api/repertoire/sources', {
      color: 'white',
      study_text: '1. e4 c5 2. Nf3 d6 (2... Nc6?!) *',
      title: 'Sicilian',
    });
    await patchSource(client, second.api_data.id, { exclusions: ['?!'] });
    const third = await post(client, '/api/repertoire/sources', {
      color: 'white',
      study_text: '1. d4 d5 *',
      title: 'Switched off',
    });
    await patchSource(client, third.api_data.id, { enabled: false });

    await post(client, '/api/repertoire/edit', { color: 'white', op: 'add', line: '1. e4 e5 2. Nf3 Nc6 3. Bc4' });
    await post(client, '/api/repertoire/edit', {
      color: 'white',
      op: 'comment',
      line: '1. e4 e5 2. Nf3',
      comment: 'Main',
    });
    await appendEdits(serverOf().app, userId, 'white', [
      { op: 'add', line: '1. e4 e6 2. d4', san: 'd4', anchored: false },
      { op: 'add', line: '1. e4 c6 2. d4', san: 'd4', anchored: false },
    ]);
    await post(client, '/api/repertoire/edit', { color: 'white', op: 'remove', line: '1. e4 e5 2. Nf3 Nc6 3. Bc4' });
    await db().update(repertoireEdits).set({ pushed: true }).where(eq(repertoireEdits.op, 'comment'));
    await db().update(studies).set({ additionsChapter: 'abcdefgh/ijklmnop' }).where(eq(studies.userId, userId));

    await post(client, '/api/repertoire/goal', { color: 'white', goal: 0.02 });
    await db()
      .insert(expectedScores)
      .values([
        { userId, color: 'white', score: 0.52, baseline: 0.5, coveredReach: 0.9, speeds: 'blitz', ratings: '1600' },
        { userId, color: 'white', score: 0.55, baseline: 0.5, coveredReach: 0.93, speeds: 'blitz', ratings: '1600' },
      ]);
    await db()
      .insert(playerSchedulers)
      .values({
        userId,
        weights: DEFAULT_WEIGHTS.map((w, i) => (i === 0 ? w + 0.1 : w)),
        reviews: 420,
        actualRecall: 0.9,
        defaultRecall: 0.85,
        fittedRecall: 0.89,
        optimisedAt: new Date('2026-02-01T00:00:00Z'),
      });
    await post(client, '/api/games/settings', { auto_import: false });

    const ruy = await post(client, '/api/upsert-game-review', {
      pgn: RUY_PGN,
      hero_color: 'White',
      opponent_name: 'them',
      link: `https://lichess.org/later${userId}`,
      date_time_played: '2026-01-02T10:00:00Z',
    });
    const queens = await post(client, '/api/upsert-game-review', { pgn: QUEENS_PGN, hero_color: 'Black' });
    await db().update(gameReviews).set({ imported: true }).where(eq(gameReviews.id, queens.api_data.id));
    const best = ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1b5', 'a7a6', 'b5a4'];
    await post(client, '/api/game-analysis', {
      game_review_id: ruy.api_data.id,
      depth: 18,
      evals: best.map((uci, ply) => ({ ply, cp: 20 + ply, best_uci: uci })),
    });
    await post(client, '/api/game-analysis', {
      game_review_id: queens.api_data.id,
      depth: 12,
      evals: [0, 1, 2].map((ply) => ({ ply, cp: 10 - ply })),
    });
    await post(client, '/api/learn-attempts', { game_review_id: ruy.api_data.id, ply: 5, uci: 'f1c4', solved: false });
    await post(client, '/api/learn-attempts', { game_review_id: ruy.api_data.id, ply: 5, uci: 'f1b5', solved: true });
    await post(client, '/api/learn-attempts', {
      game_review_id: queens.api_data.id,
      ply: 2,
      uci: 'd7d5',
      solved: true,
    });

    await keepPrep(db(), userId, {
      site: 'lichess',
      username: 'Opp_One',
      color: 'white',
      games: 12,
      compared: 10,
      surprises: [
        {
          fen: AFTER_E4,
          line: '1. e4',
          fen_after: AFTER_C5,
          move_number: 1,
          color: 'white',
          played_san: 'c5',
          played_uci: 'c7c5',
          expected_san: ['e5'],
          expected_uci: ['e7e5'],
          count: 3,
          score: 0.5,
          games: [
            {
              link: 'https://lichess.org/abcdefgh',
              date_time_played: '2026-01-01T10:00:00.000Z',
              opponent_name: 'Opp_One',
              site: 'lichess',
              ply: 2,
              result: 1,
            },
          ],
        },
      ],
      their_lines: [{ line: '1. e4 c5', plies: 2, fen: AFTER_C5, count: 3, score: 0.5 }],
    });

    const setId = await createSet(db(), userId, {
      name: 'My cards (2)',
      source: 'cards',
      positions: [
        { fen: START, uci: 'e2e4', san: 'e4', title: 'Open with the king pawn', orientation: 'white' },
        { fen: AFTER_E4, uci: 'c7c5', san: 'c5', title: 'Sicilian', orientation: 'black' },
      ],
    });
    const set = (await client.get(`/api/woodpecker/sets/${setId}`)).body.api_data;
    const [first, last] = set.positions.map((p: { id: number }) => p.id);
    await post(client, `/api/woodpecker/sets/${setId}/attempts`, { position_id: first, uci: 'e2e4', ms: 1500 });
    await post(client, `/api/woodpecker/sets/${setId}/attempts`, { position_id: last, uci: 'e7e5', ms: 2500 });
    // Both answered: cycle 2 is open, with half the time as its target.
    await post(client, `/api/woodpecker/sets/${setId}/attempts`, { position_id: first, uci: 'e2e4', ms: 900 });
    return { client, userId };
  }

  /** The player's rows of each later kind. */
  async function laterRowCounts(userId: number) {
    const n = async (query: Promise<{ n: number }[]>) => (await query)[0].n;
    const counted = sql<number>`count(*)::int`;
    const sets = db().select({ id: woodpeckerSets.id }).from(woodpeckerSets).where(eq(woodpeckerSets.userId, userId));
    return {
      repertoire_sources: await n(
        db().select({ n: counted }).from(repertoireSources).where(eq(repertoireSources.userId, userId)),
      ),
      repertoire_edits: await n(
        db().select({ n: counted }).from(repertoireEdits).where(eq(repertoireEdits.userId, userId)),
      ),
      coverage_goals: await n(
        db().select({ n: counted }).from(repertoireGoals).where(eq(repertoireGoals.userId, userId)),
      ),
      expected_scores: await n(
        db().select({ n: counted }).from(expectedScores).where(eq(expectedScores.userId, userId)),
      ),
      scheduler: await n(db().select({ n: counted }).from(playerSchedulers).where(eq(playerSchedulers.userId, userId))),
      game_analyses: await n(db().select({ n: counted }).from(gameAnalyses).where(eq(gameAnalyses.userId, userId))),
      learn_attempts: await n(db().select({ n: counted }).from(learnAttempts).where(eq(learnAttempts.userId, userId))),
      opponent_preps: await n(db().select({ n: counted }).from(opponentPreps).where(eq(opponentPreps.userId, userId))),
      woodpecker_sets: (await sets).length,
      woodpecker_attempts: await n(
        db()
          .select({ n: counted })
          .from(woodpeckerAttempts)
          .innerJoin(woodpeckerSets, eq(woodpeckerSets.id, woodpeckerAttempts.setId))
          .where(eq(woodpeckerSets.userId, userId)),
      ),
      auto_import_chosen: await n(
        db().select({ n: counted }).from(gameImportSettings).where(eq(gameImportSettings.userId, userId)),
      ),
    };
  }

  return { laterKindsPlayer, laterRowCounts };
}

/**
 * The later kinds of an export document without this server's ids: references become what they
 * name (an edit's group its first edit's place, an analysis its review's PGN, an answer its position's
 * ordinal), so the documents of two accounts holding the same rows are equal.
 */
export function withoutIds(doc: Json) {
  const pgnOf = new Map<number, string>(doc.game_reviews.map((r: Json) => [r.id, r.pgn]));
  const editPlace = new Map<number, number>(doc.repertoire_edits.map((e: Json, i: number) => [e.id, i]));
  const strip = ({ id: _, ...row }: Json) => row;
  return {
    settings: doc.settings,
    studies: doc.studies,
    imported: doc.game_reviews.map((r: Json) => [r.pgn, r.imported]).sort(),
    repertoire_sources: doc.repertoire_sources.map(strip),
    repertoire_edits: doc.repertoire_edits.map((e: Json) => ({
      ...strip(e),
      group_id: e.group_id === null ? null : editPlace.get(e.group_id),
    })),
    coverage_goals: doc.coverage_goals,
    expected_scores: doc.expected_scores.map(strip),
    scheduler: doc.scheduler,
    game_analyses: doc.game_analyses
      .map((a: Json) => ({ ...a, game_review_id: pgnOf.get(a.game_review_id) }))
      .sort((a: Json, b: Json) => a.game_review_id.localeCompare(b.game_review_id)),
    learn_attempts: doc.learn_attempts.map((a: Json) => ({ ...strip(a), game_review_id: pgnOf.get(a.game_review_id) })),
    opponent_preps: doc.opponent_preps.map(strip),
    woodpecker_sets: doc.woodpecker_sets.map((s: Json) => {
      const ordinal = new Map<number, number>(s.positions.map((p: Json) => [p.id, p.ordinal]));
      return {
        ...strip(s),
        positions: s.positions.map(strip),
        attempts: s.attempts.map((a: Json) => ({ ...strip(a), position_id: ordinal.get(a.position_id) })),
      };
    }),
  };
}
