// Runs every bench/*.bench.ts in its own process, one after another, so figures don't interfere.
import { readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const only = process.argv[2];
const files = readdirSync('bench')
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || f.includes(only))
  .sort();
for (const file of files) {
  console.log(`\n# ${file}`);
  execFileSync('npx', ['tsx', `bench/${file}`], { stdio: 'inherit' });
}
