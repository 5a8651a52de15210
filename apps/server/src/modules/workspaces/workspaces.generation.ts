import type { OperationStreamEvent } from '@bree/contracts';
import { markedAsAi } from '@bree/editor';
import type { CallOutcome } from '../ai/ai.metered';
import type { VariantOperationJob, VariantSink } from '../ai/operations/operations.runner';
import { prepareContent, type ContentWriter } from '../files/files.port';
import { variantDoc } from './workspaces.output';
import type { WorkspacesRepository } from './workspaces.repository';

/** The sentence a failure reason makes ('the AI provider call failed.' → 'The AI provider call failed.'). */
function sentence(reason: string): string {
  const text = reason.trim() || 'the AI provider failed.';
  return `${text[0]!.toUpperCase()}${text.slice(1)}`;
}

/**
 * Where the AI operation runner puts a variant's answer (the runner stays the one owner of the
 * call and its metering; this is the one owner of variant documents). The answer goes through the
 * files module's content writer, so a variant's text has revisions and versions like any document.
 * A run finishing for a generation that is no longer current (the variant was made again, or was
 * deleted) writes nothing, so a job retried after a crash never overwrites newer text.
 */
export function createVariantSink({
  repository,
  writer,
  newBlockId,
  now = () => new Date(),
}: {
  repository: WorkspacesRepository;
  writer: ContentWriter;
  newBlockId: () => string;
  now?: () => Date;
}): VariantSink {
  async function fail(job: VariantOperationJob, failure: string): Promise<OperationStreamEvent> {
    const { tenantId, operationId } = job;
    await repository.finish({ tenantId, fileId: job.variant.variantId, operationId, status: 'failed', failure }).catch(() => undefined);
    return { event: 'error', data: { code: 'variant_failed', message: failure } };
  }

  return {
    async ended(job: VariantOperationJob): Promise<OperationStreamEvent | null> {
      const { tenantId, operationId } = job;
      const variantId = job.variant.variantId;
      const row = (await repository.findFile({ tenantId, fileId: variantId }))?.variant;
      if (row?.operationId === operationId && row.status === 'generating') return null;
      // Stored by an earlier run of this job (which then stopped before the job was done with).
      if (row?.operationId === operationId && row.status === 'ready') return { event: 'variant', data: { variantId, status: 'ready' } };
      return { event: 'error', data: { code: 'variant_failed', message: row?.failure ?? 'A newer version of this variant replaced this one.' } };
    },

    async store(job: VariantOperationJob, outcome: CallOutcome): Promise<OperationStreamEvent> {
      const { tenantId, operationId } = job;
      const variantId = job.variant.variantId;
      const current = await repository.findGenerating({ tenantId, fileId: variantId, operationId });
      if (!current) return { event: 'error', data: { code: 'variant_failed', message: 'A newer version of this variant replaced this one.' } };
      // A cut stream is not a variant: half an email or half a thread is worse than the old text.
      if (outcome.failure) return fail(job, sentence(outcome.failure.message));
      const written = variantDoc({ action: job.action, text: outcome.text, newId: newBlockId });
      if (!written.content?.length) return fail(job, 'The AI provider returned no text. Please try again.');
      // The AI wrote every word of a variant: all of it carries the provenance mark (docs/PROVENANCE.md).
      const doc = markedAsAi(written, { operationId, action: job.action, tier: job.tier, at: now().toISOString() });
      try {
        await writer.write({
          tenantId,
          fileId: variantId,
          prepared: prepareContent(doc),
          baseRevision: 'current',
          source: 'ai',
          // A variant made again keeps the text it replaces; a new one gets its first version.
          version: job.variant.update ? { before: 'before-update' } : 'when-due',
        });
      } catch (error) {
        return fail(job, error instanceof Error ? error.message : 'The variant could not be saved.');
      }
      await repository.finish({ tenantId, fileId: variantId, operationId, status: 'ready', failure: null });
      return { event: 'variant', data: { variantId, status: 'ready' } };
    },
  };
}
