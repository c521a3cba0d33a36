import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

// base.css sets 1rem to 10 px (62.5%): a size written as for a 16 px rem ("0.85rem") comes out at
// 8.5 px, too small to read.
const webDir = join(import.meta.dirname, '..');

const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? cssFiles(join(dir, entry.name)) : entry.name.endsWith('.css') ? [join(dir, entry.name)] : [],
  );

test('no text is set smaller than 10 px', () => {
  const tooSmall = cssFiles(webDir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/font-size:\s*([\d.]+)(rem|px)/g)]
      .filter(([, value, unit]) => Number(value) < (unit === 'rem' ? 1 : 10))
      .map(([declaration]) => `${relative(webDir, file)}: ${declaration}`),
  );
  expect(tooSmall).toEqual([]);
});
