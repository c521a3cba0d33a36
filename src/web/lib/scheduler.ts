// The one client of the player's own schedule: Progress shows and optimises it, card review and
// Today's training read its weights for the interval on each score button.
import { todayApi, type SchedulerAnswer } from '@contract/today';
import { callData } from './api';

export async function getScheduler(): Promise<SchedulerAnswer> {
  return callData(todayApi.scheduler);
}

/** The player's own FSRS weights once optimised (null: the standard ones). */
export async function getSchedulerWeights(): Promise<number[] | null> {
  return (await getScheduler()).weights;
}
