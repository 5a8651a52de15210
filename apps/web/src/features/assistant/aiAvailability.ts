import { useQuery, type QueryClient } from '@tanstack/react-query';
import { AI_NOT_SET_UP, aiConfigSchema, ERROR_CODES } from '@bree/contracts';
import type { AiConfig, AiSetupNote, AiTier, AiTierInfo } from '@bree/contracts';
import { useServices } from '../../app/services';
import type { ApiClient } from '../../lib/api';
import { hasErrorCode } from '../../lib/errorCodes';
import { getCurrentTenant } from '../tenancy';

export { AI_NOT_SET_UP };

/** What a writer who is not an administrator reads where the settings would be: no server setting, only who can help. */
export const AI_NOT_SET_UP_ASK = `${AI_NOT_SET_UP}. Ask your administrator.`;

/** The query of GET /config/ai, per signed-in tenant (administrators get more in their answer). */
export const aiConfigKey = (tenantId: string) => ['ai-config', tenantId] as const;

/**
 * The providers change when the server restarts, the installation's AI switch (admin portal) at any
 * moment: an open page asks again each minute while it is in view and when it comes back into view,
 * so a switched-off assistant shows 'not available' within a minute, not at the writer's next press.
 */
const AI_CONFIG_STALE_MS = 30_000;
const AI_CONFIG_POLL_MS = 60_000;

/** GET /config/ai: which tiers have a provider, named by their configured models. */
export function getAiConfig(api: ApiClient): Promise<AiConfig> {
  return api.get('/config/ai', { schema: aiConfigSchema });
}

/** The query every reader of GET /config/ai shares (the AI buttons, dictation). */
export function aiConfigQuery(api: ApiClient, tenantId: string) {
  return {
    queryKey: aiConfigKey(tenantId),
    queryFn: () => getAiConfig(api),
    staleTime: AI_CONFIG_STALE_MS,
    refetchInterval: AI_CONFIG_POLL_MS,
    refetchOnWindowFocus: true,
  };
}

/** What the AI entry points need to know before any click. */
export interface AiAvailability {
  /** The server answered; until then (or if it could not be asked) every entry point stays usable. */
  known: boolean;
  /** Some tier has a provider: the server serves every AI action on it (the other tier standing in). */
  available: boolean;
  tiers: AiConfig['tiers'] | null;
  /** Administrators only: what to set for each tier without a provider. */
  setup: AiSetupNote[];
}

/**
 * What a configuration answer means for the buttons. An unknown answer (still loading, offline,
 * an older server) never disables anything: a call made then says itself if AI is not set up.
 */
export function availabilityOf(config: AiConfig | undefined): AiAvailability {
  if (!config) return { known: false, available: true, tiers: null, setup: [] };
  return { known: true, available: config.tiers.fast.available || config.tiers.premium.available, tiers: config.tiers, setup: config.setup ?? [] };
}

/** How a tier is described in the model choice: its configured model, or why it cannot be used. */
export function describeTier(info: AiTierInfo | undefined): string {
  if (!info) return '';
  return info.available ? info.model : 'Not set up on this server';
}

/** The tier that will answer when `chosen` is picked: the server uses the other one when only it has a provider. */
export function tierServing(chosen: AiTier, tiers: AiConfig['tiers'] | null): AiTier {
  if (!tiers || tiers[chosen].available) return chosen;
  const other: AiTier = chosen === 'fast' ? 'premium' : 'fast';
  return tiers[other].available ? other : chosen;
}

const tierLabel = (tier: AiTier) => (tier === 'fast' ? 'Fast' : 'Premium');

/** Said when the chosen tier has no provider but the other has: the server answers with that one. */
export function standInNote(chosen: AiTier | null, ai: Pick<AiAvailability, 'tiers'>): string | null {
  if (!chosen || !ai.tiers) return null;
  const serving = tierServing(chosen, ai.tiers);
  if (serving === chosen) return null;
  return `${tierLabel(chosen)} is not set up on this server: Bree uses ${tierLabel(serving)} (${ai.tiers[serving].model}) instead.`;
}

/** The line under the Default Bree Quality toggle: the model the chosen tier uses here. */
export function modelCaption(tier: AiTier, ai: AiAvailability): string | null {
  if (!ai.tiers) return null;
  if (!ai.available) return AI_NOT_SET_UP;
  return standInNote(tier, ai) ?? `Uses ${ai.tiers[tier].model}`;
}

/** The server's AI configuration for the signed-in tenant, read once and shared by every AI button. */
export function useAiAvailability(): AiAvailability {
  const { api } = useServices();
  const tenantId = getCurrentTenant();
  const query = useQuery(aiConfigQuery(api, tenantId));
  return availabilityOf(query.data);
}

/** True for the failure of a call made although AI is not set up (e.g. before the answer above arrived). */
export function isAiNotConfigured(error: unknown): boolean {
  return hasErrorCode(error, ERROR_CODES.aiNotConfigured);
}

/** After such a failure: the buttons learn at once, so the next press is prevented rather than refused. */
export function refreshAiAvailability(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['ai-config'] });
}
