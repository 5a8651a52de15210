// Before the server suite: the install's embedded database template, so each test worker's database
// in memory loads in about a second instead of PGlite's initdb and every migration (`db/pglite-template.ts`).
import { existsSync } from 'node:fs';
import { currentPgliteTemplateKey } from '../src/db/db';
import { INSTALL_TEMPLATE_DIR, pgliteTemplateFile } from '../src/db/pglite-template';
import { makePgliteTemplate } from '../src/db/pglite-template-prepare';
import { prepareServerBundle } from './server-process';

/** Builds the server bundle, and makes the template when the suite runs on PGlite and the install has none with the current key. */
export default async function prepareTemplate(): Promise<void> {
  // Tests that start Bree in a process of their own run the bundle `npm start` runs (test/server-process.ts).
  await prepareServerBundle();
  if (process.env.BREE_TEST_POSTGRES === '1') return;
  if (existsSync(pgliteTemplateFile({ cacheDir: INSTALL_TEMPLATE_DIR, key: currentPgliteTemplateKey() }))) return;
  // Without it every worker makes its database itself, as PGlite always could: a failure here slows the suite only.
  await makePgliteTemplate({ cacheDir: INSTALL_TEMPLATE_DIR }).catch(() => undefined);
}
