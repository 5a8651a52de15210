import { AI_CHECKS_MAX_CHARS, type AiChecksAnswer, type AiChecksBody, type CheckBlock } from '@bree/contracts';
import type { AiDocumentLookup, ModelRunner } from '../ai/ai.runner';
import { anchorFindings, parseModelFindings } from './checks-ai.anchor';
import { checksAiErrors } from './checks-ai.errors';
import { AI_CHECKS_MAX_OUTPUT_TOKENS, attribute, buildAiChecksPrompt } from './prompts/ai-checks';

export interface AiChecksServiceDeps {
  /** The one model-call runner: tier, voice, hold, call, settle (ai.runner.ts). */
  models: Pick<ModelRunner, 'call' | 'planOf' | 'voice'>;
  /** The document's tenancy and Fast/Premium choice in one query (the assistant's own lookup). */
  documents: AiDocumentLookup;
}

/** Text that picks the voice passages: the start of what is checked. */
const VOICE_QUERY_CHARS = 2_000;
/** Blocks the AI does not read for clarity or tone: code is not prose. */
const NOT_PROSE = new Set(['codeBlock']);

/** The blocks the model reads, with the ids it may answer with (as written in the prompt, and as sent). */
function blocksToRead(blocks: CheckBlock[]): { read: CheckBlock[]; byId: Map<string, { block: CheckBlock; order: number }> } {
  const byId = new Map<string, { block: CheckBlock; order: number }>();
  const sent = new Set<string>();
  const read: CheckBlock[] = [];
  for (const block of blocks) {
    if (sent.has(block.id)) throw checksAiErrors.duplicateBlock();
    sent.add(block.id);
    if (NOT_PROSE.has(block.type) || !block.text.trim()) continue;
    const entry = { block, order: read.length };
    read.push(block);
    byId.set(block.id, entry);
    byId.set(attribute(block.id), entry);
  }
  return { read, byId };
}

/**
 * The AI checks (docs/CHECKS.md "AI checks"): one metered model call reads the document's or the
 * selection's text blocks for clarity, logic gaps, unsupported claims and tone drift against the
 * author's stated tone, and each finding it names is anchored in its block's text by Bree.
 */
export function createAiChecksService({ models, documents }: AiChecksServiceDeps) {
  return {
    /**
     * Checks the blocks: the document must be the caller's (404 otherwise), the text non-empty and
     * within AI_CHECKS_MAX_CHARS; then reserve (402 budget_exceeded, 503 ai_not_configured) → call →
     * settle, and answer the findings whose quotes were found.
     */
    async run({ tenantId, body, signal }: { tenantId: string; body: AiChecksBody; signal?: AbortSignal }): Promise<AiChecksAnswer> {
      const { read, byId } = blocksToRead(body.blocks);
      const text = read.map((b) => b.text).join('\n\n');
      const chars = read.reduce((sum, b) => sum + b.text.length, 0);
      const callable = read.length > 0 && chars <= AI_CHECKS_MAX_CHARS;
      // Everything read before the call is read at once: the document, the plan the hold is priced against, the voice.
      const voiceLookup = callable ? models.voice({ tenantId, text: text.slice(0, VOICE_QUERY_CHARS) }) : Promise.resolve('');
      const [found, tenantPlan] = await Promise.all([
        documents.operationContext({ tenantId, fileId: body.fileId, withText: false }),
        models.planOf(tenantId),
        voiceLookup,
      ]);
      if (!found) throw checksAiErrors.documentNotFound();
      if (read.length === 0) throw checksAiErrors.emptyText();
      if (chars > AI_CHECKS_MAX_CHARS) throw checksAiErrors.textTooLong(AI_CHECKS_MAX_CHARS);

      let voiceProfile = '';
      const { outcome } = await models.call({
        tenantId,
        fileId: body.fileId,
        tier: { choices: found },
        voice: { lookup: voiceLookup },
        build: (voice) => {
          voiceProfile = voice;
          return buildAiChecksPrompt({ blocks: read, voiceProfile: voice });
        },
        maxOutputTokens: AI_CHECKS_MAX_OUTPUT_TOKENS,
        tenantPlan,
        ...(signal ? { abortSignal: signal } : {}),
      });
      if (outcome.failure) throw checksAiErrors.failed(outcome.failure.message);
      const findings = parseModelFindings(outcome.text);
      if (!findings) throw checksAiErrors.failed("the AI's answer could not be read. Try again.");
      // Without a stated tone there is nothing to drift from, whatever the model says.
      const judged = voiceProfile.trim() ? findings : findings.filter((f) => f.rule !== 'tone-drift');
      return { findings: anchorFindings({ findings: judged, blocks: byId }) };
    },
  };
}
export type AiChecksService = ReturnType<typeof createAiChecksService>;
