// Scheduler settings: the app's FSRS parameters, validated once, turned into a ts-fsrs engine.
// Example: makeScheduler({ maximumInterval: 1000 }).unwrap() is the review screen's scheduler.
import { Result } from '@badrap/result';
import { FSRS, default_w, fsrs, generatorParameters } from 'ts-fsrs';

export const REQUEST_RETENTION = 0.9;
/** Days. */
export const MAXIMUM_INTERVAL = 36500;
/** Days; the card review screen caps intervals lower. */
export const REVIEW_SCREEN_MAXIMUM_INTERVAL = 1000;
/** FSRS-5 default weights (19). */
export const DEFAULT_WEIGHTS: readonly number[] = default_w;

export type SchedulingErrorCode =
  | 'invalid_retention'
  | 'invalid_maximum_interval'
  | 'invalid_weights'
  | 'manual_rating'
  | 'invalid_rating'
  | 'invalid_date'
  | 'invalid_card';

export class SchedulingError extends Error {
  constructor(
    readonly code: SchedulingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SchedulingError';
  }
}

export interface SchedulerOptions {
  /** In (0, 1]; default 0.9. */
  requestRetention?: number;
  /** Whole days, 1..36500; default 36500. */
  maximumInterval?: number;
  /** 17 (FSRS-4.5, upgraded) or 19 (FSRS-5) weights; default FSRS-5 defaults. */
  weights?: readonly number[];
}

export interface SchedulerParameters {
  requestRetention: number;
  maximumInterval: number;
  /** Always 19, after upgrade and ts-fsrs's clamping. */
  weights: readonly number[];
  enableFuzz: false;
  enableShortTerm: true;
}

export interface Scheduler {
  readonly parameters: Readonly<SchedulerParameters>;
  /** The ts-fsrs engine configured with these parameters. */
  readonly engine: FSRS;
}

/** Upgrades 17 weights to 19 with ts-fsrs's own migration; 19 pass through (clamped to ts-fsrs's ranges). */
export function migrateWeights(weights: readonly number[]): Result<number[], SchedulingError> {
  if (weights.length !== 17 && weights.length !== 19) {
    return Result.err(
      new SchedulingError(
        'invalid_weights',
        `Scheduler weights must be a list of 17 or 19 numbers (got ${weights.length})`,
      ),
    );
  }
  const bad = weights.findIndex((w) => typeof w !== 'number' || !Number.isFinite(w));
  if (bad >= 0) {
    return Result.err(new SchedulingError('invalid_weights', `Scheduler weight ${bad + 1} is not a finite number`));
  }
  return Result.ok([...generatorParameters({ w: [...weights] }).w]);
}

export function makeScheduler(options: SchedulerOptions = {}): Result<Scheduler, SchedulingError> {
  const requestRetention = options.requestRetention ?? REQUEST_RETENTION;
  // ts-fsrs would silently replace 0 (or NaN) with 0.9, so check before handing it over.
  if (!Number.isFinite(requestRetention) || requestRetention <= 0 || requestRetention > 1) {
    return Result.err(
      new SchedulingError(
        'invalid_retention',
        `Requested retention must be greater than 0 and at most 1 (got ${requestRetention})`,
      ),
    );
  }
  const maximumInterval = options.maximumInterval ?? MAXIMUM_INTERVAL;
  if (!Number.isInteger(maximumInterval) || maximumInterval < 1 || maximumInterval > MAXIMUM_INTERVAL) {
    return Result.err(
      new SchedulingError(
        'invalid_maximum_interval',
        `Maximum interval must be a whole number of days from 1 to ${MAXIMUM_INTERVAL} (got ${maximumInterval})`,
      ),
    );
  }
  return migrateWeights(options.weights ?? DEFAULT_WEIGHTS).map((weights) => {
    const engine = fsrs({
      request_retention: requestRetention,
      maximum_interval: maximumInterval,
      w: weights,
      enable_fuzz: false,
      enable_short_term: true,
    });
    const parameters: SchedulerParameters = {
      requestRetention,
      maximumInterval,
      weights: Object.freeze([...engine.parameters.w]),
      enableFuzz: false,
      enableShortTerm: true,
    };
    return { parameters: Object.freeze(parameters), engine };
  });
}

/** Spec defaults: retention 0.9, maximum interval 36500 days, fuzz off, short-term steps on. */
export const defaultScheduler: Scheduler = makeScheduler().unwrap();
/** As defaultScheduler, with intervals capped at 1000 days for the card review screen. */
export const reviewScreenScheduler: Scheduler = makeScheduler({
  maximumInterval: REVIEW_SCREEN_MAXIMUM_INTERVAL,
}).unwrap();
