// `npm start`: builds what is missing or out of date (scripts/build-if-needed.mjs), then runs the server
// in this same process: one Node start instead of two before the first answer.
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded(fileURLToPath(new URL('..', import.meta.url)));
await import(new URL('../dist/server/main.js', import.meta.url).href);
