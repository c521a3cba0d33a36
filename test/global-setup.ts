import { pgliteTemplate } from './pglite-template.js';

/** Makes the migrated PGlite template once, before the test files start loading it. */
export default async function setup(): Promise<void> {
  await pgliteTemplate();
}
