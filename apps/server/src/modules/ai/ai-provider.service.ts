import type { AiTier } from '@bree/contracts';
import { aiErrors } from './ai.errors';
import type { AiGateway } from './ai.gateway';
import type { AiRepository } from './ai.repository';

/** The tier in effect: the document's override, else the tenant default, which is premium unless set to fast. */
export function tierInEffect({ fileProvider, defaultProvider }: { fileProvider: AiTier | null; defaultProvider: AiTier | null }): AiTier {
  return fileProvider ?? (defaultProvider === 'fast' ? 'fast' : 'premium');
}

/** Fast/Premium choice per document and per tenant (docs/PRODUCT.md#assistant). */
export function createAiProviderService({ repository, gateway, now }: { repository: AiRepository; gateway: AiGateway; now: () => Date }) {
  /** The document's existence and both choices, in the one query operations use too (no document content read). */
  async function choices({ tenantId, fileId }: { tenantId: string; fileId: string }) {
    const found = await repository.operationContext({ tenantId, fileId, withText: false });
    if (!found) throw aiErrors.documentNotFound();
    return found;
  }

  return {
    /** `isActive` says whether the tier in effect is configured on this server, so the UI can warn. */
    async status({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      const found = await choices({ tenantId, fileId });
      const provider = tierInEffect(found);
      return { hasOverride: found.fileProvider !== null, provider, isActive: gateway.isConfigured(provider) };
    },
    async set({ tenantId, fileId, provider }: { tenantId: string; fileId: string; provider: AiTier }) {
      await choices({ tenantId, fileId });
      await repository.setFileProvider({ tenantId, fileId, provider, now: now() });
      return { success: true as const, provider };
    },
    async setDefault({ tenantId, provider }: { tenantId: string; provider: AiTier }) {
      await repository.setDefaultProvider({ tenantId, provider, now: now() });
      return { success: true as const, provider };
    },
  };
}
export type AiProviderService = ReturnType<typeof createAiProviderService>;
