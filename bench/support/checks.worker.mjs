// The checks benchmark's worker thread: the web app's local checks off the main thread, as the
// browser's checks worker runs them. A worker thread does not inherit tsx, so it registers it first.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runLocalChecks } = await import('../../apps/web/src/features/checks/local/runLocalChecks.ts');

parentPort.on('message', ({ kind, blocks, settings }) => {
  if (kind === 'split') {
    // The baseline: the same text split into words, and the same answer trip back.
    parentPort.postMessage({ count: blocks.reduce((sum, b) => sum + (b.text.match(/\S+/g)?.length ?? 0), 0) });
    return;
  }
  parentPort.postMessage({ count: runLocalChecks({ blocks, settings }).length });
});
