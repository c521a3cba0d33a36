// Worker thread body: one fit of FSRS weights per worker (see fit-schedule.ts), answered once.
import { parentPort, workerData } from 'node:worker_threads';
import type { ReviewEvent } from '../../chess/review-history.js';
import { runAsBackgroundThread } from '../worker-priority.js';
import { fitSchedule } from './fit-schedule.js';

runAsBackgroundThread();

const { events } = workerData as { events: ReviewEvent[] };
parentPort!.postMessage(await fitSchedule(events));
