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
let running = true;
process.stdin.on('end', () => (running = false));
process.stdin.resume();
process.stdout.write('ready\n');
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
while (running) {
  const start = performance.now();
  const status = await check();
  if (status !== 200) throw new Error(`session check answered ${status}`);
  times.push(performance.now() - start);
  await sleep(10);
}
process.stdout.write(JSON.stringify(times) + '\n');
process.exit(0);
