import type { FastifyInstance } from 'fastify';
import type { StarterEvent } from '@contract/starter.js';
import { parseRepertoireLine, StarterWalk, starterPgn, starterSize, type Color } from '../../chess/index.js';
import { fetchStats } from '../openings/explorer-cache.js';
import { NO_TOKEN_MESSAGE } from '../sites/explorer.js';
import { playerSites } from '../sites/player-sites.js';
import { busyMessage } from '../sites/site-busy.js';
import { LoopTurn } from '../loop-turn.js';
import { STOPPED_MESSAGE, type StarterForm, type StarterState } from './starter-builds-repository.js';

/**
 * One attempt at a starter build: the chess core's walk names each position to look up; the shared
 * explorer cache answers what anyone looked up before, the explorer the rest, one call at a time
 * through the per-host queue. Progress is saved once a second (with the tree so far as PGN), and at
 * least every few seconds while the explorer is slow, so the claim stays alive and a stop, a failure or
 * a lost process keep what was found.
 */

const SAVE_EVERY_MS = 1_000;
/** Saves while a lookup waits (a 429 pause), so the claim is not taken for a dead one. */
const RENEW_EVERY_MS = 5_000;
const BUSY_POLL_MS = 200;
const NO_TOKEN = 'Connect your Lichess account on Manage Openings to build a starter repertoire';

export interface StarterHooks {
  closing: AbortSignal;
  /** Saves progress; 'stop' once the player asked to stop, 'lost' once the build is no longer this attempt's. */
  save(state: StarterState): Promise<'go on' | 'stop' | 'lost'>;
  publish(event: Exclude<StarterEvent, { event: 'result' }>): void;
}

/** 'ended' with the state to end with; 'shutdown' to hand back with its progress; 'lost' to drop. */
export type StarterOutcome = { kind: 'ended' | 'shutdown'; state: StarterState } | { kind: 'lost' };

/** The PGN's event, and the name a source kept from it gets by default. */
export const starterName = (color: Color, line: string): string =>
  `Starter: ${line} (${color === 'white' ? 'White' : 'Black'})`;

export async function runStarterWalk(
  app: FastifyInstance,
  userId: number,
  color: Color,
  form: StarterForm,
  hooks: StarterHooks,
): Promise<StarterOutcome> {
  const line = parseRepertoireLine(form.line);
  if (line.isErr) return { kind: 'ended', state: emptyState('failed', line.error.message) };
  const walk = new StarterWalk(color, line.value, form.goal);
  const plies = line.value.moves.length;
  const name = starterName(color, line.value.movetext);
  const state = (status: StarterState['status'], message: string | null): StarterState => {
    const size = starterSize(walk.tree());
    return {
      status,
      message: message ?? (status === 'done' ? endNote(walk, plies) : null),
      done: walk.done,
      queued: status === 'running' ? walk.queued : 0,
      positions: size.positions,
      ownMoves: size.ownMoves,
      lines: size.lines,
      pgn: starterPgn(walk.tree(), name),
    };
  };

  let verdict = 'go on' as 'go on' | 'stop' | 'lost';
  let saving: Promise<void> | undefined;
  let savedAt = Date.now();
  const save = () => {
    savedAt = Date.now();
    saving ??= hooks
      .save(state('running', null))
      .then((v) => {
        if (verdict === 'go on') verdict = v;
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'saving a starter build failed'))
      .finally(() => (saving = undefined));
    return saving;
  };
  const renew = setInterval(() => Date.now() - savedAt >= RENEW_EVERY_MS && void save(), RENEW_EVERY_MS / 5);
  let busy: NodeJS.Timeout | undefined;
  try {
    const { explorer } = await playerSites(app, userId, { job: true });
    let told = 0;
    busy = setInterval(() => {
      const until = explorer.busyUntil();
      if (until === 0 || until === told) return;
      told = until;
      hooks.publish({ event: 'status', data: { message: busyMessage('Lichess', until) } });
    }, BUSY_POLL_MS);

    const turn = new LoopTurn();
    for (let next = walk.nextPosition(); next; next = walk.nextPosition()) {
      await turn.yieldIfDue();
      if (hooks.closing.aborted) return { kind: 'shutdown', state: state('running', null) };
      if (verdict === 'lost') return { kind: 'lost' };
      if (verdict === 'stop') return { kind: 'ended', state: state('stopped', STOPPED_MESSAGE) };
      const one = await fetchStats(app, explorer, next.key, form);
      // A lookup cut short by this process closing is not the explorer failing: the build is handed back.
      if (hooks.closing.aborted) return { kind: 'shutdown', state: state('running', null) };
      if (!one.ok) {
        const message = one.error === NO_TOKEN_MESSAGE ? NO_TOKEN : failedNote(one.error);
        return { kind: 'ended', state: state('failed', message) };
      }
      walk.addStats(next.key, one.record);
      hooks.publish({
        event: 'progress',
        data: { done: walk.done, queued: walk.queued, positions: walk.tree().nodes.size },
      });
      if (Date.now() - savedAt >= SAVE_EVERY_MS) await save();
    }
    await saving;
    if (verdict === 'lost') return { kind: 'lost' };
    return { kind: 'ended', state: state('done', null) };
  } catch (error) {
    if (hooks.closing.aborted) return { kind: 'shutdown', state: state('running', null) };
    app.log.error({ err: error }, 'starter build failed');
    return {
      kind: 'ended',
      state: state('failed', failedNote(error instanceof Error ? error.message : String(error))),
    };
  } finally {
    clearInterval(renew);
    clearInterval(busy);
    await saving;
  }
}

const failedNote = (error: string) => `The explorer failed (${error}); what was found before is kept`;

const emptyState = (status: StarterState['status'], message: string): StarterState => ({
  status,
  message,
  done: 0,
  queued: 0,
  positions: 0,
  ownMoves: 0,
  lines: 0,
  pgn: '',
});

/** What to know about a finished tree that is only its committed line. */
function endNote(walk: StarterWalk, plies: number): string | null {
  if (walk.tree().nodes.size > plies + 1) return null;
  const reach = walk.lineReach;
  if (reach >= walk.goal) return 'No move at the end of the line has the 50 games a starter needs';
  const often = reach > 0 ? `about 1 game in ${Math.round(1 / reach).toLocaleString('en-US')}` : 'no games';
  return `Games at these bands reach the end of ${walk.tree().line} in ${often}, under your goal: lower the goal or start from a more common line`;
}
