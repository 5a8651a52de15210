import { z } from 'zod';
import type { S3Settings } from './lib/storage/s3-storage';

/** `provider:model`, the provider being one the AI gateway knows. */
const MODEL_SPEC = /^(google|anthropic|openai-compatible):\S+$/;
const EMBEDDING_SPEC = /^(google|openai|openai-compatible):\S+$/;

/** `provider:model` of the dictation model: a speech-to-text API, or Gemini given the audio. */
const TRANSCRIPTION_SPEC = /^(google|openai|groq|deepgram|openai-compatible):\S+$/;

/** Every environment variable Bree reads. Documented in README.md and docs/CONFIGURATION.md. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  SUPPORT_EMAIL: z.email().optional(),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters (it guards /metrics)').optional(),
  /** The OTLP/HTTP collector traces go to (`/v1/traces` is added); without it nothing of OpenTelemetry loads. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  /** The external issuer's own account page (password, e-mail), which Account settings links to (docs/ACCOUNT.md). */
  OIDC_ACCOUNT_URL: z.url().optional(),
  ADMIN_EMAILS: z.string().default(''),
  PUBLISHING_TENANT: z.string().trim().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  DRAIN_DELAY_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(6 * 1024 * 1024),
  WORKER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  AI_FAST_MODEL: z.string().regex(MODEL_SPEC, 'must be provider:model, e.g. google:gemini-2.5-flash').default('google:gemini-2.5-flash'),
  AI_PREMIUM_MODEL: z.string().regex(MODEL_SPEC, 'must be provider:model, e.g. anthropic:claude-sonnet-4-5').default('anthropic:claude-sonnet-4-5'),
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().min(1).optional(),
  GOOGLE_GENERATIVE_AI_BASE_URL: z.url().optional(),
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: z.url().optional(),
  AI_OPENAI_COMPATIBLE_BASE_URL: z.url().optional(),
  AI_OPENAI_COMPATIBLE_API_KEY: z.string().min(1).optional(),
  AI_TRANSCRIPTION_MODEL: z
    .string()
    .regex(TRANSCRIPTION_SPEC, 'must be provider:model with provider google, openai, groq, deepgram or openai-compatible, e.g. openai:whisper-1')
    .default('google:gemini-2.5-flash'),
  AI_EMBEDDING_MODEL: z
    .string()
    .regex(EMBEDDING_SPEC, 'must be provider:model with provider google, openai or openai-compatible, e.g. openai:text-embedding-3-small')
    .optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  GROQ_API_KEY: z.string().min(1).optional(),
  DEEPGRAM_API_KEY: z.string().min(1).optional(),
  DEFAULT_PLAN: z.enum(['self-hosted', 'free', 'pro']).default('self-hosted'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_PRICE_PRO: z.string().min(1).optional(),
  STRIPE_PRICE_PAYG: z.string().min(1).optional(),
  STRIPE_PAYG_METER_EVENT: z.string().min(1).default('bree_payg_calls'),
  STRIPE_API_BASE: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+/, 'must be smtp://user:pass@host:port or smtps://…')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Bree <no-reply@localhost>'),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  ANALYTICS_PROVIDER: z.enum(['plausible', 'umami']).optional(),
  ANALYTICS_SCRIPT_URL: z.url().optional(),
  ANALYTICS_SITE_ID: z.string().trim().min(1).optional(),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** Where writers reach this installation's operator (footer, legal pages, /security); none without SUPPORT_EMAIL. */
  supportEmail: string | undefined;
  /** The bearer token GET /metrics asks for; without it /metrics answers 404 (docs/OPERATIONS.md). */
  metricsToken: string | undefined;
  /** Where traces are sent over OTLP/HTTP; none without OTEL_EXPORTER_OTLP_ENDPOINT (docs/OPERATIONS.md "Traces"). */
  otlpEndpoint: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** One JSON line per request: at LOG_LEVEL debug or trace, or whenever stdout is not a terminal (a service, a container). */
  requestLogs: boolean;
  trustProxy: boolean;
  /** DRAIN_DELAY_SECONDS: after a shutdown signal, how long readiness answers 503 while requests are still served, so a load balancer stops sending. */
  drainDelayMs: number;
  webDistDir: string | undefined;
  bodyLimitBytes: number;
  /** Worker threads for exports, large saves and stylometrics (lib/workers); every core but one by default. */
  workerThreads: number | undefined;
  adminEmails: string[];
  /** The tenant id (token `sub`) whose administrator runs the publishing manager; none without it. */
  publishingTenant: string | undefined;
  /** AI providers; a tier whose provider lacks its key/base URL is "not configured". */
  ai: {
    fastModel: string;
    premiumModel: string;
    google: { apiKey: string | undefined; baseUrl: string | undefined };
    anthropic: { apiKey: string | undefined; baseUrl: string | undefined };
    openaiCompatible: { baseUrl: string | undefined; apiKey: string | undefined };
    /** Dictation: AI_TRANSCRIPTION_MODEL and the keys of the speech-to-text providers. */
    transcriptionModel: string;
    /** Search by meaning: AI_EMBEDDING_MODEL; undefined leaves it off (text search works without it). */
    embeddingModel: string | undefined;
    openai: { apiKey: string | undefined; baseUrl: string | undefined };
    groq: { apiKey: string | undefined };
    deepgram: { apiKey: string | undefined };
  };
  /** Page-view analytics (Plausible or Umami, self-hosted or not); null: the app sends nothing anywhere. */
  analytics: AnalyticsSettings | null;
  /** The plan every tenant has while billing is off. */
  defaultPlan: 'self-hosted' | 'free' | 'pro';
  /**
   * Stripe; null without STRIPE_SECRET_KEY (billing off: every tenant has defaultPlan). `apiBase`
   * points the SDK at another Stripe-compatible host (a local mock or proxy).
   */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    pricePro: string;
    pricePayg: string | undefined;
    paygMeterEvent: string;
    apiBase: string | undefined;
  } | null;
  /** Large binary (feedback attachments) in an S3-compatible store; null without S3_BUCKET (files under DATA_DIR). */
  s3: S3Settings | null;
  /** Outgoing mail (password-reset links); null without SMTP_URL. */
  mail: { smtpUrl: string; from: string } | null;
  /** Sign-in: the embedded issuer at /oidc, or an external one when all three OIDC_* are set. */
  oidc:
    | { mode: 'embedded'; issuer: string; clientId: string; audience: string }
    | { mode: 'external'; issuer: string; clientId: string; audience: string; accountUrl?: string | undefined };
}

/** The analytics provider's script and the site it counts for (Plausible: the domain; Umami: the website id). */
export interface AnalyticsSettings {
  provider: 'plausible' | 'umami';
  scriptUrl: string;
  siteId: string;
}

/** A setting Bree cannot run with: the message is one line naming each variable, never its value. */
export class ConfigError extends Error {}

/** Reads and validates the environment; throws a ConfigError that names each bad variable. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  /** Whether a person watches stdout: then Bree stays quiet unless LOG_LEVEL asks for more. */
  { interactive = Boolean(process.stdout.isTTY) }: { interactive?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    // One line (docs/DEPLOY.md, 'When Bree does not start'): each variable and what is wrong with it, never its value.
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}.`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const externalVars = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_AUDIENCE];
  const externalCount = externalVars.filter(Boolean).length;
  if (externalCount > 0 && externalCount < 3) {
    throw new ConfigError(
      'Invalid configuration: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE must be set together (or none of them for the embedded sign-in).',
    );
  }
  if (e.STRIPE_SECRET_KEY && (!e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PRICE_PRO)) {
    // Half a billing setup would take payments it cannot confirm, or offer a checkout with nothing to buy.
    throw new ConfigError('Invalid configuration: STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_PRO (or none of them: billing off).');
  }
  if ((e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY) && !e.S3_BUCKET) {
    // Settings for a store without its bucket would silently keep attachments on local disk instead.
    throw new ConfigError('Invalid configuration: S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY need S3_BUCKET.');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.');
  }
  const analyticsVars = [e.ANALYTICS_PROVIDER, e.ANALYTICS_SCRIPT_URL, e.ANALYTICS_SITE_ID];
  if (analyticsVars.some(Boolean) && !analyticsVars.every(Boolean)) {
    // Part of a provider's settings would load a script that counts nothing, or count for no site.
    throw new ConfigError(
      'Invalid configuration: ANALYTICS_PROVIDER, ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID must be set together (or none of them: no analytics).',
    );
  }
  const oidc: Config['oidc'] =
    externalCount === 3
      ? {
          mode: 'external',
          issuer: e.OIDC_ISSUER!.replace(/\/+$/, ''),
          clientId: e.OIDC_CLIENT_ID!,
          audience: e.OIDC_AUDIENCE!,
          accountUrl: e.OIDC_ACCOUNT_URL,
        }
      : { mode: 'embedded', issuer: `${publicUrl}/oidc`, clientId: 'bree-web', audience: 'bree-api' };
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    supportEmail: e.SUPPORT_EMAIL,
    metricsToken: e.METRICS_TOKEN,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL ?? (interactive ? 'warn' : 'info'),
    requestLogs: !interactive || e.LOG_LEVEL === 'debug' || e.LOG_LEVEL === 'trace',
    trustProxy: e.TRUST_PROXY,
    drainDelayMs: e.DRAIN_DELAY_SECONDS * 1000,
    webDistDir: e.WEB_DIST_DIR,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    workerThreads: e.WORKER_THREADS,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    publishingTenant: e.PUBLISHING_TENANT,
    oidc,
    ai: {
      fastModel: e.AI_FAST_MODEL,
      premiumModel: e.AI_PREMIUM_MODEL,
      google: { apiKey: e.GOOGLE_GENERATIVE_AI_API_KEY, baseUrl: e.GOOGLE_GENERATIVE_AI_BASE_URL },
      anthropic: { apiKey: e.ANTHROPIC_API_KEY, baseUrl: e.ANTHROPIC_BASE_URL },
      openaiCompatible: { baseUrl: e.AI_OPENAI_COMPATIBLE_BASE_URL, apiKey: e.AI_OPENAI_COMPATIBLE_API_KEY },
      transcriptionModel: e.AI_TRANSCRIPTION_MODEL,
      embeddingModel: e.AI_EMBEDDING_MODEL,
      openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL },
      groq: { apiKey: e.GROQ_API_KEY },
      deepgram: { apiKey: e.DEEPGRAM_API_KEY },
    },
    defaultPlan: e.DEFAULT_PLAN,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          pricePro: e.STRIPE_PRICE_PRO!,
          pricePayg: e.STRIPE_PRICE_PAYG,
          paygMeterEvent: e.STRIPE_PAYG_METER_EVENT,
          apiBase: e.STRIPE_API_BASE,
        }
      : null,
    analytics:
      e.ANALYTICS_PROVIDER && e.ANALYTICS_SCRIPT_URL && e.ANALYTICS_SITE_ID
        ? { provider: e.ANALYTICS_PROVIDER, scriptUrl: e.ANALYTICS_SCRIPT_URL, siteId: e.ANALYTICS_SITE_ID }
        : null,
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : null,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
  };
}
