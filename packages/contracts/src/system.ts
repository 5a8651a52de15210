import { z } from 'zod/mini';
import { aiTierSchema } from './ai';

/** GET /api/config — public: what the SPA needs before sign-in. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  oidc: z.object({
    mode: z.enum(['embedded', 'external']),
    authority: z.string(),
    clientId: z.string(),
    audience: z.string(),
    scope: z.string(),
    /** The embedded sign-in's page that mails a new email-confirmation link; absent when Bree sends no mail or uses an external issuer. */
    emailConfirmationUrl: z.optional(z.string()),
    /** OIDC_ACCOUNT_URL: the external issuer's account page, where its users change their password and address; absent otherwise. */
    accountUrl: z.optional(z.string()),
  }),
  /** False while the server has no Stripe key: every tenant has the DEFAULT_PLAN and /subscription says this server has no billing. */
  billing: z.object({ enabled: z.boolean() }),
  /** Page-view analytics the operator chose (ANALYTICS_*); null: the app loads no analytics script and sends nothing. */
  analytics: z.nullable(
    z.object({
      provider: z.enum(['plausible', 'umami']),
      scriptUrl: z.string(),
      siteId: z.string(),
    }),
  ),
  /** SUPPORT_EMAIL: the address the footer, the legal pages and /security give for support, privacy and security reports; absent when unset. */
  supportEmail: z.optional(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /api/health — public. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * GET /api/ready — public: may a load balancer send this process new requests? 200 when the
 * database answers and the process is not draining, else 503 with the same shape.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  /** True once a shutdown began: finish what is running, send nothing new. */
  draining: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** The plain words every AI entry point shows while its tier has no provider (tooltip and failure alike). */
export const AI_NOT_SET_UP = 'AI is not set up on this server';

/** One model tier as authors see it: whether it has a provider, and the configured model by name. */
export const aiTierInfoSchema = z.object({
  available: z.boolean(),
  /** The configured model, e.g. 'llama3.1 (local)' or 'gemini-2.5-flash (Google)'; never a URL or a key. */
  model: z.string(),
});
export type AiTierInfo = z.infer<typeof aiTierInfoSchema>;

/** What an administrator is told about a tier without a provider (variables to set). */
export const aiSetupNoteSchema = z.object({ tier: z.union([aiTierSchema, z.literal('transcription')]), model: z.string(), advice: z.string() });
export type AiSetupNote = z.infer<typeof aiSetupNoteSchema>;

/** GET /api/config/ai — signed in: which tiers have a provider, before any AI button is pressed. */
export const aiConfigSchema = z.object({
  tiers: z.object({ fast: aiTierInfoSchema, premium: aiTierInfoSchema }),
  /** The dictation model (AI_TRANSCRIPTION_MODEL): the microphone button says how to enable it when unavailable. */
  transcription: aiTierInfoSchema,
  /** Administrators only (ADMIN_EMAILS): one note per tier without a provider; absent for everyone else. */
  setup: z.optional(z.array(aiSetupNoteSchema)),
});
export type AiConfig = z.infer<typeof aiConfigSchema>;
