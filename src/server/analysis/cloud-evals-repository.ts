import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { cloudEvals } from '../db/schema.js';
import type { CloudEvalBody } from '../sites/lichess.js';

/** The SQL of the cloud_evals cache: Lichess's answer (or null: it had none) per position and number of lines. */

export interface StoredCloudEval {
  answer: CloudEvalBody | null;
  fetchedAt: Date;
}

/** The stored answer for a position key (FEN without move counters) and line count, if any. */
export async function findCloudEval(db: Db, key: string, multiPv: number): Promise<StoredCloudEval | undefined> {
  const [row] = await db
    .select()
    .from(cloudEvals)
    .where(and(eq(cloudEvals.fen, key), eq(cloudEvals.multiPv, multiPv)));
  return row ? { answer: row.answer as CloudEvalBody | null, fetchedAt: row.fetchedAt } : undefined;
}

export async function saveCloudEval(db: Db, key: string, multiPv: number, answer: CloudEvalBody | null): Promise<void> {
  const values = { answer, fetchedAt: new Date() };
  await db
    .insert(cloudEvals)
    .values({ fen: key, multiPv, ...values })
    .onConflictDoUpdate({ target: [cloudEvals.fen, cloudEvals.multiPv], set: values });
}
