import { isIP } from 'node:net';
import { AI_TIERS, type AiConfig, type AiSetupNote, type AiTier } from '@bree/contracts';
import type { Config } from '../../config';
import { parseModelSpec, type ModelSpec } from './ai.gateway';

/** The variables that make each provider usable: told to the operator (log, README, admins), never to authors. */
export const PROVIDER_ENV: Record<string, string> = {
  google: 'GOOGLE_GENERATIVE_AI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  'openai-compatible': 'AI_OPENAI_COMPATIBLE_BASE_URL (and AI_OPENAI_COMPATIBLE_API_KEY if it needs one)',
  openai: 'OPENAI_API_KEY',
  groq: 'GROQ_API_KEY',
  deepgram: 'DEEPGRAM_API_KEY',
};

/** The provider's name after a hosted model; an OpenAI-compatible server elsewhere is named by its model alone. */
const PROVIDER_NAMES: Record<string, string> = { google: 'Google', anthropic: 'Anthropic', openai: 'OpenAI', groq: 'Groq', deepgram: 'Deepgram' };

const TIER_NAMES: Record<AiTier, string> = { fast: 'Fast', premium: 'Premium' };
const TIER_VARIABLES: Record<AiTier, string> = { fast: 'AI_FAST_MODEL', premium: 'AI_PREMIUM_MODEL' };

/** Private IPv4 ranges (loopback, RFC 1918, link-local): a model there runs on this machine or its network. */
function isPrivateIpv4(ip: string): boolean {
  const [a = -1, b = -1] = ip.split('.').map(Number);
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || a === 0;
}

/**
 * Whether a base URL's host is this machine or its private network: localhost, a loopback or
 * private address, a `.local`/`.internal`/`.lan`/`.home.arpa` name, or a single-label name such
 * as a Compose service (`http://ollama:11434/v1`).
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (!host) return false;
  const ip = isIP(host);
  if (ip === 4) return isPrivateIpv4(host);
  if (ip === 6) {
    if (host === '::1' || host === '::') return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
    if (mapped?.[1]) return isPrivateIpv4(mapped[1]);
    // Unique local (fc00::/7) and link-local (fe80::/10) addresses.
    return /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
  }
  if (!host.includes('.')) return true;
  return host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host);
}

/** The base URL a provider's calls go to, when one is set. */
function baseUrlOf(provider: string, ai: Config['ai']): string | undefined {
  if (provider === 'google') return ai.google.baseUrl;
  if (provider === 'anthropic') return ai.anthropic.baseUrl;
  if (provider === 'openai-compatible') return ai.openaiCompatible.baseUrl;
  if (provider === 'openai') return ai.openai.baseUrl;
  return undefined;
}

/**
 * How authors see a configured model: its name as configured, then '(local)' when its base URL
 * is on this machine or network, else the provider's name for Google and Anthropic. No URL, host
 * or key is ever part of it.
 */
export function modelLabel(spec: ModelSpec, ai: Config['ai']): string {
  const baseUrl = baseUrlOf(spec.provider, ai);
  let local = false;
  if (baseUrl) {
    try {
      local = isLocalHost(new URL(baseUrl).hostname);
    } catch {
      local = false;
    }
  }
  if (local) return `${spec.modelId} (local)`;
  const provider = PROVIDER_NAMES[spec.provider];
  return provider ? `${spec.modelId} (${provider})` : spec.modelId;
}

/** The operator's instruction for a tier without a provider: which variables to set. */
export function setupAdvice(tier: AiTier, spec: ModelSpec): string {
  const needs = PROVIDER_ENV[spec.provider] ?? 'the provider credentials';
  return `The ${TIER_NAMES[tier]} tier (${TIER_VARIABLES[tier]}=${spec.provider}:${spec.modelId}) has no AI provider: set ${needs}, or point ${TIER_VARIABLES[tier]} at a configured provider. See the Configuration table in README.md.`;
}

/** The operator's instruction for dictation without a provider. */
export function transcriptionAdvice(spec: ModelSpec): string {
  const needs = PROVIDER_ENV[spec.provider] ?? 'the provider credentials';
  return `Dictation (AI_TRANSCRIPTION_MODEL=${spec.provider}:${spec.modelId}) has no provider: set ${needs}, or point AI_TRANSCRIPTION_MODEL at a configured provider (openai:, groq:, deepgram:, openai-compatible: or google:). See the Configuration table in README.md.`;
}

/** Each tier as this server has it: what authors may see, and what an administrator should set. */
export interface AiSetup {
  tiers: AiConfig['tiers'];
  transcription: AiConfig['transcription'];
  /** One note per tier without a provider, for the start log and administrators. */
  notes: AiSetupNote[];
}

/** Describes the AI tiers of a configuration; `isConfigured` is the gateway's own answer, so both always agree. */
export function describeAiSetup(config: Config, isConfigured: (tier: AiTier) => boolean, transcriptionConfigured = false): AiSetup {
  const specs: Record<AiTier, ModelSpec> = { fast: parseModelSpec(config.ai.fastModel), premium: parseModelSpec(config.ai.premiumModel) };
  const info = (tier: AiTier) => ({ available: isConfigured(tier), model: modelLabel(specs[tier], config.ai) });
  const transcription = parseModelSpec(config.ai.transcriptionModel);
  const notes: AiSetupNote[] = AI_TIERS.filter((tier) => !isConfigured(tier)).map((tier) => ({
    tier,
    model: `${specs[tier].provider}:${specs[tier].modelId}`,
    advice: setupAdvice(tier, specs[tier]),
  }));
  if (!transcriptionConfigured)
    notes.push({ tier: 'transcription', model: `${transcription.provider}:${transcription.modelId}`, advice: transcriptionAdvice(transcription) });
  return {
    tiers: { fast: info('fast'), premium: info('premium') },
    transcription: { available: transcriptionConfigured, model: modelLabel(transcription, config.ai) },
    notes,
  };
}

/** The configuration answer for one caller: operator notes for administrators only. */
export function presentAiConfig(setup: AiSetup, { isAdmin }: { isAdmin: boolean }): AiConfig {
  const shown = { tiers: setup.tiers, transcription: setup.transcription };
  return isAdmin ? { ...shown, setup: setup.notes } : shown;
}

/**
 * The tier a call uses: the one asked for when it has a provider, else the other when that one
 * has, so a server with a single configured tier serves every AI action. With neither, the tier
 * asked for (whose call then answers 503 ai_not_configured).
 */
export function usableTier(preferred: AiTier, isConfigured: (tier: AiTier) => boolean): AiTier {
  if (isConfigured(preferred)) return preferred;
  const other: AiTier = preferred === 'fast' ? 'premium' : 'fast';
  return isConfigured(other) ? other : preferred;
}
