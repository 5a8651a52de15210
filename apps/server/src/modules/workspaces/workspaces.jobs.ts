import { AI_MAX_TEXT, type AiTier, type VariantAction } from '@bree/contracts';
import type { VariantOperationJob } from '../ai/operations/operations.runner';
import type { WorkspacesServiceDeps } from './workspaces.service';
import { workspacesErrors } from './workspaces.errors';
import { buildVariantPrompt } from './prompts';

/** The text a variant's voice passages are searched by: its opening is what the passages should sound like. */
const VOICE_QUERY_CHARS = 2_000;

/** The AI side of variants: the tier a generation runs on, its priced and held call, and its queued job. */
export function createVariantJobs(deps: Pick<WorkspacesServiceDeps, 'models' | 'aiRepository' | 'newOperationId' | 'registry' | 'queue'>) {
  const { models, queue } = deps;
  return {
    /** The tier asked for, else the master's Fast/Premium choice; a tier without a provider falls back to the other. */
    async tierFor(tenantId: string, masterId: string, asked: AiTier | null | undefined): Promise<AiTier> {
      const choices = await deps.aiRepository.operationContext({ tenantId, fileId: masterId, withText: false });
      return models.pickTier({ asked, choices: choices ?? { fileProvider: null, defaultProvider: null } });
    },

    /**
     * Builds the prompt (with the author's voice) and holds the call's worst case: 402 budget_exceeded
     * here means nothing was created or changed. Returns the job for the variant, once it exists.
     */
    async prepareJob(a: { tenantId: string; fileId: string; action: VariantAction; text: string; instructions: string; tier: AiTier; update: boolean }) {
      if (!a.text.trim()) throw workspacesErrors.emptySource();
      if (a.text.length > AI_MAX_TEXT) throw workspacesErrors.sourceTooLong(AI_MAX_TEXT);
      // The job carries the hold: its run settles it, after a crash too (no lease of this process).
      const { prompt, held } = await models.prepare({
        tenantId: a.tenantId,
        fileId: a.fileId,
        tier: { asked: a.tier },
        voice: { query: a.text.slice(0, VOICE_QUERY_CHARS) },
        build: (voiceProfile) => buildVariantPrompt(a.action, { text: a.text, instructions: a.instructions, voiceProfile }),
        heldByJob: true,
      });
      const operationId = deps.newOperationId();
      return {
        operationId,
        /** The variant could not be set up: the held budget goes back. */
        release: () => models.release(held),
        forVariant: (variantId: string): VariantOperationJob => ({
          operationId,
          tenantId: a.tenantId,
          fileId: variantId,
          action: a.action,
          nodeIds: [],
          tier: a.tier,
          ...prompt,
          held,
          variant: { variantId, update: a.update },
        }),
      };
    },

    /** Queues a prepared job; it runs even if the client leaves (and, with pg-boss, survives a restart). */
    async launch(job: VariantOperationJob): Promise<void> {
      // Registered before the job can emit, so a subscriber arriving right after the answer sees every token.
      deps.registry.create({ operationId: job.operationId, tenantId: job.tenantId });
      await queue.enqueue(job);
    },
  };
}
