// A starter build as the app runs it (POST /api/repertoire/starter, a job on the queue, the shared
// explorer cache) against the fake explorer, from an empty cache: the explorer lookups it makes against
// the distinct positions it asked, which must be equal (a starter never looks the same position up
// twice), its wall time, and a second build of the same form, which asks the explorer nothing.
import { startFakeSites } from '../e2e/fakes/fake-sites';
import { openTestDatabase, parseEvents, signedInUser, startTestServer } from '../test/helper';

const FORM = { color: 'white', line: '1. e4', goal: 1 / 150, speeds: ['blitz', 'rapid'], ratings: [1800, 2000] };

const database = await openTestDatabase('pglite');
const sites = await startFakeSites();
const server = await startTestServer(database, {
  lichessUrl: sites.lichessUrl,
  lichessExplorerUrl: sites.explorerUrl,
  lichessToken: 'server-token',
});
let failed: boolean;
try {
  const user = await signedInUser(server.app, server.url);
  /** One build, with the explorer's requests it made. */
  const build = async () => {
    const before = sites.requestLog('explorer').length;
    const started = performance.now();
    const response = await user.client.postJson('/api/repertoire/starter', FORM);
    const ms = performance.now() - started;
    const result = parseEvents(response.text).at(-1);
    if (result?.event !== 'result' || result.data.status !== 'done')
      throw new Error(`the build did not finish: ${response.text.slice(-300)}`);
    const asked = sites
      .requestLog('explorer')
      .slice(before)
      .map((r) => new URL(r.url, 'http://x').searchParams.get('fen')!.split(' ').slice(0, 4).join(' '));
    return { ms, asked, done: result.data.done as number, positions: result.data.positions as number };
  };

  const first = await build();
  const distinct = new Set(first.asked).size;
  console.log(`starter build positions in the tree: ${first.positions} positions`);
  console.log(`starter build explorer lookups: ${first.asked.length} lookups`);
  console.log(`starter build distinct positions asked: ${distinct} positions`);
  console.log(`starter build positions walked (done): ${first.done} positions`);
  console.log(`starter build wall time (explorer at once): ${first.ms.toFixed(0)} ms`);
  const second = await build();
  console.log(`starter second build explorer lookups (all cached): ${second.asked.length} lookups`);
  console.log(`starter second build wall time: ${second.ms.toFixed(0)} ms`);
  // The rule the build is held to, said as a figure and as a verdict.
  failed = first.asked.length !== distinct || first.asked.length !== first.done || second.asked.length !== 0;
  console.log(`starter never looks a position up twice: ${failed ? 'NO' : 'yes'}`);
} finally {
  await server.close();
  await sites.close();
  await database.close();
}
if (failed) process.exitCode = 1;
