/** Whether this process still takes new work: readiness turns 503 once a drain begins. */
export interface Lifecycle {
  /** True from the first shutdown signal (or app.close()) on. */
  isDraining(): boolean;
  /** Marks the process as draining; calling it again changes nothing. */
  beginDrain(): void;
}

/** A process's drain state, shared by main.ts (which begins it on SIGTERM/SIGINT) and GET /api/ready. */
export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    isDraining: () => draining,
    beginDrain() {
      draining = true;
    },
  };
}
