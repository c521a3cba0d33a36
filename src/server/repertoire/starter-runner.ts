import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StarterBuild, StarterEvent } from '@contract/starter.js';
import { StarterWalk, starterPgn, starterSize, type Color, type RepertoireLine } from '../../chess/index.js';
import { fetchStats } from '../openings/explorer-cache.js';
import type { StatsFilter } from '../openings/stats-key.js';
import { NO_TOKEN_MESSAGE } from '../sites/explorer.js';
import { playerSites } from '../sites/player-sites.js';
import { busyMessage } from '../sites/site-busy.js';
import { LoopTurn } from '../loop-turn.js';
import { endBuild, openBuild, saveProgress, type StarterState } from './starter-builds-repository.js';

/**
 * One starter build: the chess core's walk names each position to look up; the shared explorer cache
 * answers what any player looked up before, and the explorer the rest, one call at a time through the
 * per-host queue. Progress is saved once a second (with the tree so far as PGN), so a stop from any
 * process, a failure or a lost process keeps what was found. The build runs apart from the request
 * that started it: a client that leaves does not stop it.
 */

const SAVE_EVERY_MS = 1_000;
const BUSY_POLL_MS = 200;
const NO_TOKEN = 'Connect your Lichess account on Manage Openings to build a starter repertoire';

export interface StarterStart {
  color: Color;
  line: RepertoireLine;
  filter: StatsFilter;
  goal: number;
}

/** The PGN's event: what was built, for the source's name too. */
export const starterName = (color: Color, line: string): string =>
  `Starter: ${line} (${color === 'white' ? 'White' : 'Black'})`;

/**
 * Opens the build's row and starts it; `listener` hears its events until the build ends. Answers once
 * the row is open (a newer start of the colour replaces this one).
 */
export async function startStarterBuild(
  app: FastifyInstance,
  userId: number,
  start: StarterStart,
  listener: (event: StarterEvent) => void,
): Promise<{ done: Promise<StarterBuild | null> }> {
  const attempt = randomUUID();
  const { color, line, filter, goal } = start;
  await openBuild(app.db, userId, color, attempt, { line: line.movetext, ...filter, goal });
  return { done: runBuild(app, userId, attempt, start, listener) };
}

async function runBuild(
  app: FastifyInstance,
  userId: number,
  attempt: string,
  { color, line, filter, goal }: StarterStart,
  listener: (event: StarterEvent) => void,
): Promise<StarterBuild | null> {
  const walk = new StarterWalk(color, line, goal);
  const name = starterName(color, line.movetext);
  const state = (status: StarterState['status'], message: string | null): StarterState => {
    const size = starterSize(walk.tree());
    return {
      status,
      message,
      done: walk.done,
      queued: status === 'running' ? walk.queued : 0,
      positions: size.positions,
      ownMoves: size.ownMoves,
      lines: size.lines,
      pgn: starterPgn(walk.tree(), name),
    };
  };
  const end = async (status: StarterState['status'], message: string | null) => {
    const build = await endBuild(
      app.db,
      userId,
      color,
      attempt,
      state(status, message ?? endNote(walk, line.moves.length)),
    );
    if (build) listener({ event: 'result', data: build });
    return build;
  };

  let busy: NodeJS.Timeout | undefined;
  try {
    const { explorer } = await playerSites(app, userId);
    let told = 0;
    busy = setInterval(() => {
      const until = explorer.busyUntil();
      if (until === 0 || until === told) return;
      told = until;
      listener({ event: 'status', data: { message: busyMessage('Lichess', until) } });
    }, BUSY_POLL_MS);

    const turn = new LoopTurn();
    let savedAt = Date.now();
    for (let next = walk.nextPosition(); next; next = walk.nextPosition()) {
      await turn.yieldIfDue();
      if (app.jobs.closing.aborted) return await end('stopped', 'Stopped as the server closed; what it found is kept');
      const one = await fetchStats(app.db, explorer, next.key, filter);
      if (!one.ok) return await end('failed', one.error === NO_TOKEN_MESSAGE ? NO_TOKEN : failedNote(one.error));
      walk.addStats(next.key, one.record);
      listener({
        event: 'progress',
        data: { done: walk.done, queued: walk.queued, positions: walk.tree().nodes.size },
      });
      if (Date.now() - savedAt < SAVE_EVERY_MS) continue;
      savedAt = Date.now();
      const verdict = await saveProgress(app.db, userId, color, attempt, state('running', null));
      if (verdict === 'replaced') return null;
      if (verdict === 'stop') return await end('stopped', 'Stopped; what it found is kept');
    }
    return await end('done', null);
  } catch (error) {
    app.log.error({ err: error }, 'starter build failed');
    const message = error instanceof Error ? error.message : String(error);
    return end('failed', failedNote(message)).catch(() => null);
  } finally {
    clearInterval(busy);
  }
}

const failedNote = (error: string) => `The explorer failed (${error}); what was found before is kept`;

/** What to know about a finished tree that is only its committed line. */
function endNote(walk: StarterWalk, plies: number): string | null {
  if (walk.tree().nodes.size > plies + 1) return null;
  const reach = walk.lineReach;
  if (reach >= walk.goal) return 'No move at the end of the line has the 50 games a starter needs';
  const often = reach > 0 ? `about 1 game in ${Math.round(1 / reach).toLocaleString('en-US')}` : 'no games';
  return `Games at these bands reach the end of ${walk.tree().line} in ${often}, under your goal: lower the goal or start from a more common line`;
}
