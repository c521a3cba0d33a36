// Another player, in a process of its own: asks the session check every 10 ms until its stdin closes,
// then prints the latencies (ms) as JSON. Polling from the server's own process would miss a blocked
// event loop whenever the block fell between two checks.
import { setTimeout as sleep } from 'node:timers/promises';

const [url, cookie, xsrf] = process.argv.slice(2);
const times = [];
let running = true;
process.stdin.on('end', () => (running = false));
process.stdin.resume();
process.stdout.write('ready\n');
while (running) {
  const start = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  await response.text();
  if (response.status !== 200) throw new Error(`session check answered ${response.status}`);
  times.push(performance.now() - start);
  await sleep(10);
}
process.stdout.write(JSON.stringify(times) + '\n');
