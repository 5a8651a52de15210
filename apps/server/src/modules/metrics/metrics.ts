import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * How a save through the one content writer ended (docs/SAVING.md): committed (written, or already
 * held word for word), conflict (409, a newer revision), replayed (the same operation id answered
 * again), refused (blank text, a bad document, an unknown or another tenant's document), error (a fault).
 */
export type SaveOutcome = 'committed' | 'conflict' | 'replayed' | 'refused' | 'error';

/** How a model call ended: ok, failed (the provider's failure kind), or refused before it ran. */
export type AiCallOutcome = 'ok' | 'rate_limited' | 'provider_unavailable' | 'provider_error' | 'not_configured' | 'budget_exceeded';

/** One AI call as the metered gateway reports it; the tier is 'fast', 'premium', 'transcription' or 'embedding'. */
export interface AiCallReport {
  tier: string;
  outcome: AiCallOutcome;
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
  /** Dictation only: the minutes counted. */
  voiceMinutes?: number;
}

/** A queue's depth and the age of its oldest waiting job, as jobs/ reads them from pg-boss. */
export interface QueueReading {
  queue: string;
  depth: number;
  oldestAgeSeconds: number;
}

/** The database pool's use (PostgreSQL), as db.ts reads it. */
export interface PoolReading {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * One process's metrics (docs/OPERATIONS.md "Metrics"), on its own prom-client registry: every Bree
 * process exports what it did, and Prometheus adds them up. Labels hold only fixed words and route
 * patterns (`/api/files/:fileId`), never a tenant id, an e-mail address or a document's name.
 * Made once per process (services.ts) and given to whatever records into it; tests make their own.
 */
export function createMetrics({ registry = new Registry(), defaults = true }: { registry?: Registry; defaults?: boolean } = {}) {
  // Memory, CPU, handles and the event loop's lag (nodejs_eventloop_lag_*), from prom-client itself.
  if (defaults) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const httpRequests = new Counter({
    name: 'bree_http_requests_total',
    help: 'HTTP requests answered, by method, matched route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'bree_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, matched route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const saves = new Counter({ name: 'bree_saves_total', help: 'Saves through the content writer, by outcome.', labelNames: ['outcome'] as const, registers });
  const aiCalls = new Counter({ name: 'bree_ai_calls_total', help: 'Model calls, by tier and outcome.', labelNames: ['tier', 'outcome'] as const, registers });
  const aiTokens = new Counter({
    name: 'bree_ai_tokens_total',
    help: 'Tokens settled for model calls, by tier and direction (input, output).',
    labelNames: ['tier', 'direction'] as const,
    registers,
  });
  const aiCost = new Counter({
    name: 'bree_ai_cost_dollars_total',
    help: 'What model calls cost at list prices, in US dollars, by tier.',
    labelNames: ['tier'] as const,
    registers,
  });
  const voiceMinutes = new Counter({ name: 'bree_voice_minutes_total', help: 'Dictation minutes counted.', registers });

  let readQueues: (() => Promise<QueueReading[]>) | null = null;
  let readPool: (() => PoolReading | null) | null = null;
  // One read of the queues serves both gauges of a scrape (prom-client collects them side by side).
  let reading: Promise<QueueReading[]> | null = null;
  const queues = (): Promise<QueueReading[]> => {
    if (!readQueues) return Promise.resolve([]);
    reading ??= readQueues().finally(() => setTimeout(() => (reading = null), 500).unref());
    return reading;
  };
  const queueGauge = (name: string, help: string, value: (q: QueueReading) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers,
      // Read when scraped: the queues live in the database, shared by every process (each reports the same).
      async collect() {
        const readings = await queues();
        this.reset();
        for (const q of readings) this.set({ queue: q.queue }, value(q));
      },
    });
  queueGauge('bree_job_queue_depth', 'Jobs waiting or running, by queue.', (q) => q.depth);
  queueGauge('bree_job_queue_oldest_age_seconds', 'Age in seconds of the oldest job waiting, by queue (0 when none waits).', (q) => q.oldestAgeSeconds);
  new Gauge({
    name: 'bree_db_pool_connections',
    help: "This process's PostgreSQL pool: connections by state (total, idle, waiting for one, max).",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = readPool?.();
      if (!pool) return;
      for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
    },
  });

  return {
    registry,
    /** One answered request: the route is the router's pattern (or 'unmatched'), never the URL. */
    http({ method, route, status, seconds }: { method: string; route: string | undefined; status: number; seconds: number }): void {
      const labels = { method: HTTP_METHODS.has(method) ? method : 'OTHER', route: route ?? 'unmatched', status: String(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    save(outcome: SaveOutcome): void {
      saves.inc({ outcome });
    },
    aiCall({ tier, outcome, inputTokens = 0, outputTokens = 0, costUsd = 0, voiceMinutes: minutes = 0 }: AiCallReport): void {
      aiCalls.inc({ tier, outcome });
      if (inputTokens > 0) aiTokens.inc({ tier, direction: 'input' }, inputTokens);
      if (outputTokens > 0) aiTokens.inc({ tier, direction: 'output' }, outputTokens);
      if (costUsd > 0) aiCost.inc({ tier }, costUsd);
      if (minutes > 0) voiceMinutes.inc(minutes);
    },
    /** Where the job queues are read at each scrape (jobs/, which alone knows pg-boss). */
    readQueuesWith(read: () => Promise<QueueReading[]>): void {
      readQueues = read;
    },
    /** Where the database pool is read at each scrape. */
    readPoolWith(read: () => PoolReading | null): void {
      readPool = read;
    },
    /** The Prometheus text of everything above. */
    async exposition(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
