import type { FastifyInstance } from 'fastify';
import { coverageGoalApi, type Expected, type Goal, type TrimAnswer } from '@contract/coverage-goal.js';
import { parseRepertoireLine, type Color } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { expectedHistory, neededHolesLeft, readGoal, storeGoal } from '../repertoire/coverage-goal-store.js';
import { coverageData, keptExpected, trapsOf, trimOf } from '../repertoire/coverage-figures.js';
import { currentDeck } from '../repertoire/answered-holes.js';
import { DrillFollower } from '../repertoire/drill-follower.js';
import { appendEdits, noStudyMessage, type NewEdit } from '../repertoire/edits-store.js';
import { editedRepertoireState, positionsWithMoves } from '../repertoire/edited-repertoire.js';
import { route } from './route.js';

/**
 * The coverage goal, and what it tells over the latest coverage check's stored explorer answers: the
 * expected score (kept each time it changes, for Progress), the lines below the goal to trim (as
 * remove edits one undo takes back) and the opponents' common mistakes (traps).
 */
export async function coverageGoalRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };
  const drill = new DrillFollower(app);
  app.addHook('onClose', () => drill.settle());

  const goalAnswer = async (userId: number, color: Color): Promise<Goal> => {
    // The needed holes are counted on the stored deck: brought in step with edits made a moment ago.
    await currentDeck(app, userId, color);
    return { ...(await readGoal(app.db, userId, color)), needed_left: (await neededHolesLeft(app.db, userId))[color] };
  };

  route(app, coverageGoalApi.goal, auth, async (request) => ({
    api_data: await goalAnswer(request.user!.id, request.query.color),
  }));

  route(app, coverageGoalApi.setGoal, auth, async (request) => {
    const { color, goal } = request.body;
    await storeGoal(app.db, request.user!.id, color, goal);
    return { api_data: await goalAnswer(request.user!.id, color) };
  });

  route(app, coverageGoalApi.expected, auth, async (request) => {
    const userId = request.user!.id;
    const { color } = request.query;
    const data = await coverageData(app, userId, color);
    const expected = data && (await keptExpected(app, userId, data));
    if (!data || !expected) return { api_data: null };
    const { coveredReach, ...figures } = expected;
    const answer: Expected = { ...figures, covered_reach: coveredReach, ...data.filter };
    return { api_data: answer };
  });

  route(app, coverageGoalApi.expectedHistory, auth, async (request) => ({
    api_data: await expectedHistory(app.db, request.user!.id, request.query.color),
  }));

  route(app, coverageGoalApi.trim, auth, async (request) => {
    const userId = request.user!.id;
    const data = await coverageData(app, userId, request.query.color);
    return { api_data: data ? await trimOf(app, userId, data) : [] };
  });

  route(app, coverageGoalApi.trimLines, auth, async (request) => {
    const userId = request.user!.id;
    const { color, lines } = request.body;
    const data = await coverageData(app, userId, color);
    if (!data) {
      if (!(await editedRepertoireState(app, userId, color))) throw new BadRequestError(noStudyMessage(color));
      throw new BadRequestError(`Run a coverage check of your ${color} repertoire first: trimming needs its figures`);
    }
    const below = await trimOf(app, userId, data);
    const byLine = new Map(below.map((row) => [row.line, row]));
    const chosen = lines
      ? lines.map((line) => {
          const row = byLine.get(line);
          if (!row) throw new BadRequestError(`${line} is not a line below your ${color} goal`);
          return row;
        })
      : below.filter((row) => !row.dangerous);
    const edits: NewEdit[] = chosen.map((row) => {
      const parsed = parseRepertoireLine(row.line);
      if (parsed.isErr) throw new BadRequestError(`${row.line}: ${parsed.error.message}`);
      const last = parsed.value.moves[parsed.value.moves.length - 1];
      return {
        op: 'remove',
        line: parsed.value.movetext,
        san: last.san,
        anchored: data.state.base.positions.has(last.fromKey),
      };
    });
    await appendEdits(app, userId, color, edits);
    const after = await editedRepertoireState(app, userId, color);
    if (edits.length > 0) drill.follow(userId, color);
    const answer: TrimAnswer = {
      trimmed: edits.length,
      edits: after?.edits.length ?? 0,
      positions: after ? positionsWithMoves(app, after.edited.rep) : 0,
    };
    return { api_data: answer };
  });

  route(app, coverageGoalApi.traps, auth, async (request) => {
    const data = await coverageData(app, request.user!.id, request.query.color);
    const traps = data ? trapsOf(data) : [];
    return { api_data: traps.map(({ scoreLow, ...trap }) => ({ ...trap, score_low: scoreLow })) };
  });
}
