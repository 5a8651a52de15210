/**
 * Where analysis requests go. Created with the voice service, before pg-boss runs: until jobs
 * deliver (`deliverWith`, see jobs.ts) `enqueue` answers false and the service runs the analysis
 * in this process.
 */
export function createVoiceQueue() {
  let send: ((tenantId: string) => Promise<void>) | null = null;
  return {
    /** Sends an analysis request as a job; false when no job runner delivers yet. */
    async enqueue(tenantId: string): Promise<boolean> {
      if (!send) return false;
      await send(tenantId);
      return true;
    },
    /** pg-boss runs: from now on requests are sent with `deliver`. */
    deliverWith(deliver: (tenantId: string) => Promise<void>): void {
      send = deliver;
    },
    /** Jobs stop: analyses run in this process again. */
    stop(): void {
      send = null;
    },
  };
}
export type VoiceQueue = ReturnType<typeof createVoiceQueue>;
