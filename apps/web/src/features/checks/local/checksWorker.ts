import type { ChecksReply, ChecksRequest } from './checksProtocol';
import { runChecks } from './runChecks';

/** The slice of a worker's global scope used here (the app's TS lib is DOM, not WebWorker). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<ChecksRequest>) => void): void;
  postMessage(message: ChecksReply): void;
}

const scope = self as unknown as WorkerScope;

// Only the newest request runs: the ones that arrived while a run was busy are stale (their
// answer would be dropped by the page anyway), so a burst of typing costs one run, not one per pause.
let latest: ChecksRequest | null = null;
let scheduled = false;

function runLatest() {
  scheduled = false;
  const request = latest;
  latest = null;
  if (!request) return;
  try {
    scope.postMessage({ ok: true, runId: request.runId, ...runChecks(request) });
  } catch (error) {
    scope.postMessage({ ok: false, runId: request.runId, message: error instanceof Error ? error.message : String(error) });
  }
}

scope.addEventListener('message', (event) => {
  latest = event.data;
  if (scheduled) return;
  scheduled = true;
  // A task later, so the messages queued behind this one are read (and replace it) first.
  setTimeout(runLatest, 0);
});
