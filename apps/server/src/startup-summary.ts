import { AI_TIERS, type AiTier } from '@bree/contracts';
import type { Config } from './config';
import { parseModelSpec } from './modules/ai/ai.gateway';
import { modelLabel, type AiSetup } from './modules/ai/ai.setup';
import type { SemanticAvailability } from './modules/search/search.ports';

const TIER_LABELS: Record<AiTier, string> = { fast: 'AI (Fast)', premium: 'AI (Premium)' };

/** One aligned "Label  value" line. */
const line = (label: string, value: string) => `  ${label.padEnd(14)}${value}`;

/**
 * What `npm start` prints once Bree listens: where it runs, what it stores in, how people sign
 * in, and whether each optional part is set up — with what to set when it is not. Written for the
 * person who started it; the structured logs stay for machines.
 */
export function startupSummary({
  config,
  databaseKind,
  aiSetup,
  semantic,
}: {
  config: Config;
  databaseKind: 'pglite' | 'postgres';
  aiSetup: AiSetup;
  /** Search by meaning as the server prepared it (embedding model and pgvector). */
  semantic: SemanticAvailability;
}): string {
  const lines = [
    '',
    `  Bree is running at ${config.publicUrl}`,
    '',
    line('Database', databaseKind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'),
    line('Sign-in', config.oidc.mode === 'embedded' ? 'accounts kept by Bree' : `OpenID Connect at ${config.oidc.issuer}`),
  ];
  for (const tier of AI_TIERS) {
    const { available, model } = aiSetup.tiers[tier];
    const note = aiSetup.notes.find((n) => n.tier === tier);
    lines.push(line(TIER_LABELS[tier], available ? `${model}, ready` : `not set up. ${note?.advice ?? ''}`.trim()));
  }
  const dictation = aiSetup.notes.find((n) => n.tier === 'transcription');
  lines.push(line('Dictation', aiSetup.transcription.available ? `${aiSetup.transcription.model}, ready` : `not set up. ${dictation?.advice ?? ''}`.trim()));
  lines.push(line('Embeddings', semantic.available ? `${modelLabel(parseModelSpec(semantic.model), config.ai)}, ready` : `off. ${semantic.message}`));
  lines.push(
    line('Billing', config.stripe ? 'Stripe' : `off: every account has the ${config.defaultPlan} plan (set STRIPE_SECRET_KEY to sell plans)`),
    line('Mail', config.mail ? 'sent over SMTP_URL' : 'off: sign-up needs no address confirmation (set SMTP_URL to send mail)'),
    '',
    config.requestLogs ? '  Request logs follow.' : '  Quiet from here on; LOG_LEVEL=debug shows every request.',
    '',
  );
  return lines.join('\n');
}
