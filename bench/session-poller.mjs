// Another player, in a process of its own: asks the session check every 10 ms until its stdin closes,
// then prints the latencies (ms) as JSON. Polling from the server's own process would miss a blocked
// event loop whenever the block fell between two checks. Plain http.request on one kept-alive socket,
// not fetch: fetch's own work in this process added waits of up to 50 ms that the server never saw
// (its request arrived 30-50 ms after the call while its event loop was free).
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const [url, cookie, xsrf] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const times = [];
const WARM_UP_CHECKS = 20;
let running = true;
process.stdin.on('end', () => (running = false));
process.stdin.resume();
const check = () =>
  new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          cookie,
          'x-xsrf-token': xsrf,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': '0',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      },
    );
    request.on('error', reject);
    request.end();
  });
// Warmed up before timing: the first checks of a new process (its connection opened, its code still
// cold) took 10-16 ms on the client's side alone, and a phase of a few dozen checks then had them as its p99.
for (let i = 0; i < WARM_UP_CHECKS; i++) {
  await check();
  await sleep(10);
}
process.stdout.write('ready\n');
while (running) {
  const start = performance.now();
  const status = await check();
  if (status !== 200) throw new Error(`session check answered ${status}`);
  times.push(performance.now() - start);
  await sleep(10);
}
process.stdout.write(JSON.stringify(times) + '\n');
process.exit(0);
