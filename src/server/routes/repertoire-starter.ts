import type { FastifyInstance } from 'fastify';
import { starterApi, type StarterBuild, type StarterEstimate, type StarterKeepAnswer } from '@contract/starter.js';
import {
  bandOfRatings,
  defaultGoal,
  estimateStarterLookups,
  parseRepertoireLine,
  pgnLines,
} from '../../chess/index.js';
import { requireStatsFilter } from '../openings/stats-key.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { appendEdits, noStudyMessage, type NewEdit } from '../repertoire/edits-store.js';
import { editedRepertoireState, positionsWithMoves } from '../repertoire/edited-repertoire.js';
import { DrillFollower } from '../repertoire/drill-follower.js';
import { createStarterBuilds } from '../jobs/starter-job.js';
import { openEventStream } from './event-stream.js';
import { route } from './route.js';
import { latestBuild, latestBuildId } from '../repertoire/starter-builds-repository.js';

/**
 * The starter repertoire (contract: @contract/starter.ts): a build (a job, jobs/starter-job.ts) streamed
 * as server-sent events from whichever process works on it, its latest state, stop, and its lines
 * added as edits. Kept as a source, it goes through the
 * sources route like any PGN.
 */

export async function repertoireStarterRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };
  const drill = new DrillFollower(app);
  app.addHook('onClose', () => drill.settle());
  const builds = createStarterBuilds(app);

  route(app, starterApi.estimate, auth, (request) => {
    const api_data: StarterEstimate = {
      ...estimateStarterLookups(request.query.goal),
      seconds_per_lookup: (app.config.explorerIntervalMs ?? 0) / 1000,
    };
    return Promise.resolve({ api_data });
  });

  route(app, starterApi.start, auth, async (request, reply) => {
    const { color, speeds, ratings } = request.body;
    const userId = request.user!.id;
    // Bad input is answered as JSON before the stream starts.
    const parsed = parseRepertoireLine(request.body.line);
    if (parsed.isErr) throw new BadRequestError(parsed.error.message);
    const filter = requireStatsFilter(speeds, ratings);
    const goal = request.body.goal ?? defaultGoal(bandOfRatings(filter.ratings));

    const stream = openEventStream(reply, { closing: app.jobs.closing });
    // True when the run ended; false when the client left or this process closes (the run goes on).
    let finish = () => {};
    const over = Promise.race([
      new Promise<boolean>((resolve) => (finish = () => resolve(true))),
      stream.left.then(() => false),
    ]);
    let unfollow = () => {};
    try {
      const form = { line: parsed.value.movetext, ...filter, goal };
      const started = await builds.start(userId, color, form, (message) => {
        if (message.event === 'ended') finish();
        else stream.send(message.event, message.data);
      });
      unfollow = started.unfollow;
      // The build goes on when the client leaves; the stream ends with the build or with the client.
      if (await over) {
        const [id, build] = await Promise.all([
          latestBuildId(app.db, userId, color),
          latestBuild(app.db, userId, color),
        ]);
        if (build && id === started.build) stream.send('result', build satisfies StarterBuild);
      }
    } catch (error) {
      app.log.error({ err: error }, 'starter build could not start');
    } finally {
      unfollow();
      stream.end();
    }
  });

  route(app, starterApi.latest, auth, async (request) => ({
    api_data: await latestBuild(app.db, request.user!.id, request.query.color),
  }));

  route(app, starterApi.stop, auth, async (request) => {
    const userId = request.user!.id;
    const { color } = request.body;
    await builds.stop(userId, color);
    // The build ends at its next save (a second, or a few while the explorer is slow).
    for (let i = 0; i < 70; i++) {
      const build = await latestBuild(app.db, userId, color);
      if (build?.status !== 'running') return { api_data: build };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { api_data: await latestBuild(app.db, userId, color) };
  });

  route(app, starterApi.keep, auth, async (request) => {
    const userId = request.user!.id;
    const { color } = request.body;
    const build = await latestBuild(app.db, userId, color);
    if (!build || build.status === 'running' || build.pgn === '')
      throw new BadRequestError(`You have no finished ${color} starter to keep: build one first`);
    const state = await editedRepertoireState(app, userId, color);
    if (!state) throw new BadRequestError(noStudyMessage(color));
    const rep = state.edited.rep;
    const edits: NewEdit[] = [];
    for (const sans of pgnLines(build.pgn)) {
      if (sans.length === 0) continue;
      const line = parseRepertoireLine(sans.join(' ')).unwrap();
      // A line the repertoire already plays in full is not an edit.
      if (line.moves.every((m) => rep.positions.get(m.fromKey)?.moves.some((r) => r.uci === m.uci))) continue;
      const last = line.moves[line.moves.length - 1];
      edits.push({ op: 'add', line: line.movetext, san: last.san, anchored: state.base.positions.has(last.fromKey) });
    }
    await appendEdits(app, userId, color, edits);
    const after = await editedRepertoireState(app, userId, color);
    if (edits.length > 0) drill.follow(userId, color);
    const api_data: StarterKeepAnswer = {
      added: edits.length,
      edits: after?.edits.length ?? 0,
      positions: after ? positionsWithMoves(app, after.edited.rep) : 0,
    };
    return { api_data };
  });
}
