// Worker thread body: builds one repertoire per message, so a large study never holds up requests.
import { parentPort } from 'node:worker_threads';
import { buildRepertoireFromPgn, type RepertoireOptions } from '../../chess/index.js';

export interface BuildRequest {
  id: number;
  text: string;
  options: RepertoireOptions;
}

parentPort?.on('message', ({ id, text, options }: BuildRequest) => {
  try {
    const built = buildRepertoireFromPgn(text, options);
    if (built.isOk) parentPort!.postMessage({ id, value: built.value });
    else parentPort!.postMessage({ id, pgnError: built.error.message });
  } catch (error) {
    parentPort!.postMessage({ id, failure: error instanceof Error ? error.message : String(error) });
  }
});
