import type { AiTier } from '@bree/contracts';
import type { FilesRepository } from '../files/files.repository';
import { aiErrors } from './ai.errors';
import type { AiGateway } from './ai.gateway';
import type { AiRepository } from './ai.repository';

/** The tier in effect: the document's override, else the tenant default, which is premium unless set to fast. */
export function tierInEffect({ fileProvider, defaultProvider }: { fileProvider: AiTier | null; defaultProvider: AiTier | null }): AiTier {
  return fileProvider ?? (defaultProvider === 'fast' ? 'fast' : 'premium');
}

/** Fast/Premium choice per document and per tenant (spec 2 §4 'AI provider per document'). */
export function createAiProviderService({ repository, files, gateway, now }: { repository: AiRepository; files: FilesRepository; gateway: AiGateway; now: () => Date }) {
  async function requireFile({ tenantId, fileId }: { tenantId: string; fileId: string }): Promise<void> {
    if (!(await files.findById({ tenantId, id: fileId }))) throw aiErrors.documentNotFound();
  }

  async function tenantDefault(tenantId: string): Promise<AiTier> {
    return tierInEffect({ fileProvider: null, defaultProvider: await repository.defaultProvider({ tenantId }) });
  }

  return {
    /** `isActive` says whether the tier in effect is configured on this server, so the UI can warn. */
    async status({ tenantId, fileId }: { tenantId: string; fileId: string }) {
      await requireFile({ tenantId, fileId });
      const override = await repository.fileProvider({ tenantId, fileId });
      const provider = override ?? (await tenantDefault(tenantId));
      return { hasOverride: override !== null, provider, isActive: gateway.isConfigured(provider) };
    },
    async set({ tenantId, fileId, provider }: { tenantId: string; fileId: string; provider: AiTier }) {
      await requireFile({ tenantId, fileId });
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
