// The drill calls both the Drill screen and Today's session make.
import type { Color } from '@contract/common';
import {
  drillApi,
  type DrillAnswerRequest,
  type DrillAnswerResult,
  type DrillItem,
  type DrillStats,
} from '@contract/drill';
import { callData } from './api';
import { browserTimeZone } from './time-zone';

/** Due items first, then New ones within the day's allowance. */
export async function getDrillNext(color: Color, limit = 20): Promise<DrillItem[]> {
  return callData(drillApi.next, { query: { color, limit, tz: browserTimeZone() } });
}

/** Counts of a colour's deck: total, new, learning, review, due now, retired, and today's New items. */
export async function getDrillStats(color: Color): Promise<DrillStats> {
  return callData(drillApi.stats, { query: { color, tz: browserTimeZone() } });
}

/**
 * Grades a move on the server: wrong is Again, right is the rating chosen (Good by default). Kept
 * alive: a reload or a closed tab while it is on its way does not cancel it.
 */
export async function answerDrill(input: DrillAnswerRequest): Promise<DrillAnswerResult> {
  return callData(drillApi.answer, { body: input }, { keepalive: true });
}
