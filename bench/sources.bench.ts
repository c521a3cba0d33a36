// Eight 20,000-position sources (generated White studies, each its own seed) read as one repertoire:
// combineSources writing the union, then the repertoire built from it, against chessops reading the
// same eight texts and replaying every move (parse + replay). Also the strict read's scan alone.
// CPU time (process.cpuUsage), median of three alternating runs.
import { buildRepertoireFromPgn, combineSources, findUnreadToken } from '../src/chess/index.js';
import { generateStudy } from './generated-study.js';
import { cpuMs, median, replay } from './measure.js';

const RUNS = 3;
const SOURCES = 8;

const texts = Array.from({ length: SOURCES }, (_, i) => generateStudy(156, 20240601 + i));
const sources = texts.map((text, i) => ({ name: `Source ${i + 1}`, text, excludeSymbols: [] }));
let positions = 0;
const combineRuns: number[] = [];
const buildRuns: number[] = [];
const chessopsRuns: number[] = [];
const scanRuns: number[] = [];
for (let run = 0; run < RUNS; run++) {
  let union = '';
  combineRuns.push(cpuMs(() => (union = combineSources(sources).unwrap())));
  buildRuns.push(cpuMs(() => (positions = buildRepertoireFromPgn(union, { color: 'white' }).unwrap().positions.size)));
  chessopsRuns.push(cpuMs(() => texts.forEach(replay)));
  scanRuns.push(cpuMs(() => texts.forEach((text) => findUnreadToken(text))));
}
const read = median(buildRuns);
const chessops = median(chessopsRuns);
console.log(`sources union positions: ${positions} positions`);
console.log(`sources combine (write the union of ${SOURCES}): ${median(combineRuns).toFixed(0)} ms`);
console.log(`sources read as one repertoire: ${read.toFixed(0)} ms`);
console.log(`sources chessops parse+replay of the ${SOURCES} texts: ${chessops.toFixed(0)} ms`);
console.log(`sources read / chessops: ${(read / chessops).toFixed(2)} x`);
console.log(`sources strict scan of the ${SOURCES} texts: ${median(scanRuns).toFixed(0)} ms`);
