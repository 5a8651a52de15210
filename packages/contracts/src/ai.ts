import { z } from 'zod/mini';

/** The two model tiers a tenant can pick between (docs/PRODUCT.md#assistant). */
export const AI_TIERS = ['fast', 'premium'] as const;
export const aiTierSchema = z.enum(AI_TIERS);
export type AiTier = z.infer<typeof aiTierSchema>;

/**
 * Writing actions on a selection or at the cursor (docs/PRODUCT.md#assistant). 'ask' is Ask AI: the
 * author's own instruction, at the cursor or on the selection (docs/ASSISTANT.md "Ask AI").
 */
export const AI_ACTIONS = ['enhance', 'modify', 'shrink', 'expand', 'add-content', 'fill-paragraph', 'fill-sentence', 'ask'] as const;
export const aiActionSchema = z.enum(AI_ACTIONS);
export type AiAction = z.infer<typeof aiActionSchema>;

/** How a finished operation is applied to the editor (docs/PRODUCT.md#assistant). */
export const OPERATION_TYPES = ['rewrite', 'fillParagraph', 'fillSentence', 'insertContent'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** How each action's result is applied in the editor (the background response's operationType). */
export const OPERATION_TYPE_OF: Record<AiAction, OperationType> = {
  enhance: 'rewrite',
  modify: 'rewrite',
  shrink: 'rewrite',
  expand: 'rewrite',
  'add-content': 'insertContent',
  'fill-paragraph': 'fillParagraph',
  'fill-sentence': 'fillSentence',
  // At the cursor; on a selection Ask AI rewrites it (operationTypeFor).
  ask: 'insertContent',
};

/** How a request's result is applied: Ask AI on a selection replaces it, like Modify; every other action has one type. */
export function operationTypeFor({ action, selected }: { action: AiAction; selected: boolean }): OperationType {
  return action === 'ask' && selected ? 'rewrite' : OPERATION_TYPE_OF[action];
}

/** Splits model output into paragraphs on blank lines, the format every prompt asks for. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
}

export const OPERATION_STATUSES = ['completed', 'interrupted', 'failed'] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** Longest selection or context text an operation accepts, in characters. */
export const AI_MAX_TEXT = 60_000;
/** Focus/typed instruction limit (docs/PRODUCT.md#assistant: 500 characters). */
export const AI_MAX_INSTRUCTION = 500;

/**
 * One selected stretch of a rewrite, inside one text block (a paragraph or heading): the block's
 * id, the selected text, and the rest of that block around it. Only `text` is rewritten; `before`
 * and `after` are context the model sees but never writes (the editor keeps them as they are).
 */
export const aiSelectionPartSchema = z.object({
  nodeId: z.string().check(z.maxLength(64)),
  before: z.string().check(z.maxLength(AI_MAX_TEXT)),
  text: z.string().check(z.maxLength(AI_MAX_TEXT)),
  after: z.string().check(z.maxLength(AI_MAX_TEXT)),
});
export type AiSelectionPart = z.infer<typeof aiSelectionPartSchema>;

/** Versions one suggestion may have in all: the first and up to two from 'Try another'. */
export const SUGGESTION_MAX_VERSIONS = 3;

export const createOperationBodySchema = z.object({
  tenantId: z.optional(z.string()),
  fileId: z.string().check(z.minLength(1), z.maxLength(64)),
  action: aiActionSchema,
  instruction: z.optional(z.string().check(z.maxLength(AI_MAX_INSTRUCTION))),
  selection: z.object({
    /** The selected text (the parts' texts joined by blank lines); empty for insertions at the cursor. */
    text: z.string().check(z.maxLength(AI_MAX_TEXT)),
    nodeIds: z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.maxLength(500)),
    /**
     * A rewrite of exactly the selection: one part per text block it touches, in document order.
     * Without parts a rewrite is about whole blocks (`text` is their text).
     */
    parts: z.optional(z.array(aiSelectionPartSchema).check(z.minLength(1), z.maxLength(500))),
  }),
  context: z.optional(
    z.object({ before: z.optional(z.string().check(z.maxLength(AI_MAX_TEXT))), after: z.optional(z.string().check(z.maxLength(AI_MAX_TEXT))) }),
  ),
  tier: z.optional(aiTierSchema),
  /** 'Try another': the suggestion's versions so far, which the new one must differ from. */
  earlierVersions: z.optional(z.array(z.string().check(z.maxLength(AI_MAX_TEXT))).check(z.minLength(1), z.maxLength(SUGGESTION_MAX_VERSIONS - 1))),
});
export type CreateOperationBody = z.infer<typeof createOperationBodySchema>;
export const createOperationAnswerSchema = z.object({ operationId: z.string(), tier: aiTierSchema });

/**
 * POST /ai/operations/{id}/cancel: the generation is stopped and nothing is stored; `stopped` is
 * false when it had already ended (asking again is harmless).
 */
export const cancelOperationAnswerSchema = z.object({ stopped: z.boolean() });
export type CancelOperationAnswer = z.infer<typeof cancelOperationAnswerSchema>;

/** A paragraph of generated text, shaped like an editor node with its block id. */
export const aiParagraphNodeSchema = z.object({
  type: z.literal('paragraph'),
  attrs: z.object({ id: z.string() }),
  content: z.optional(z.array(z.object({ type: z.literal('text'), text: z.string() }))),
});
export type AiParagraphNode = z.infer<typeof aiParagraphNodeSchema>;

export const backgroundResponseSchema = z.object({
  operationId: z.string(),
  documentId: z.string(),
  operationType: z.enum(OPERATION_TYPES),
  status: z.enum(OPERATION_STATUSES),
  response: z.object({
    rewrittenNodesInfo: z.object({ nodes: z.array(aiParagraphNodeSchema) }),
    generatedContent: z.string(),
    sentenceNode: z.nullable(z.object({ type: z.literal('text'), text: z.string() })),
  }),
  originalContext: z.object({
    nodeIds: z.array(z.string()),
    /**
     * A rewrite of a selection: where each selected stretch was, as the block's id, the offset of
     * the stretch in the block's text, and its text. Nodes of the response replace these stretches
     * one for one when their counts match. Absent for whole-block results.
     */
    parts: z.optional(z.array(z.object({ nodeId: z.string(), offset: z.number().check(z.int(), z.gte(0)), text: z.string() }))),
    /** The action and tier that wrote it: the provenance mark of the text an Accept puts in (`docs/PROVENANCE.md`). */
    action: z.optional(aiActionSchema),
    tier: z.optional(aiTierSchema),
  }),
  createdAt: z.string(),
});
export type BackgroundResponse = z.infer<typeof backgroundResponseSchema>;

export const backgroundResponsesAnswerSchema = z.object({ responses: z.array(backgroundResponseSchema) });
export const deleteBackgroundResponseAnswerSchema = z.object({ success: z.literal(true) });

/**
 * Server-sent events of GET /ai/operations/{id}/stream, and of POST /ai/operations asked with
 * `Accept: text/event-stream`, which opens with `started` (the JSON answer's fields) and saves
 * the second request on the way to the first word.
 */
export type OperationStreamEvent =
  | { event: 'started'; data: { operationId: string; tier: AiTier } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'done'; data: { response: BackgroundResponse } }
  | { event: 'error'; data: { code: string; message: string } }
  /** The end of a variant's generation (workspaces): the variant document is filled. */
  | { event: 'variant'; data: { variantId: string; status: 'ready' } };

export const aiProviderStatusAnswerSchema = z.object({ hasOverride: z.boolean(), provider: aiTierSchema, isActive: z.boolean() });
export const setAiProviderBodySchema = z.object({
  tenantId: z.optional(z.string()),
  fileId: z.string().check(z.minLength(1), z.maxLength(64)),
  provider: aiTierSchema,
});
export const setAiProviderAnswerSchema = z.object({ success: z.literal(true), provider: aiTierSchema });
export const setDefaultAiProviderBodySchema = z.object({ tenantId: z.optional(z.string()), provider: aiTierSchema });

/** Usage record of one period (docs/PRODUCT.md#billing). */
export const usageCurrentAnswerSchema = z.object({
  fastCalls: z.number().check(z.int()),
  premiumCalls: z.number().check(z.int()),
  fastTokens: z.number().check(z.int()),
  premiumTokens: z.number().check(z.int()),
  voiceMinutes: z.number(),
  period: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
  /** Dollars spent this period, and held by calls still running. */
  cost: z.number(),
  reserved: z.number(),
  /** The plan's monthly limits; null means unlimited. */
  limits: z.object({
    creditDollars: z.nullable(z.number()),
    fastCalls: z.nullable(z.number().check(z.int())),
    premiumCalls: z.nullable(z.number().check(z.int())),
    voiceMinutes: z.nullable(z.number()),
  }),
  /**
   * Pay-as-you-go for this account (docs/BILLING.md#refusals): available to a Pro account while billing
   * is on, on once it has a spending limit; absent when the plan has none.
   */
  payg: z.optional(z.object({ available: z.boolean(), on: z.boolean() })),
});
export type UsageCurrent = z.infer<typeof usageCurrentAnswerSchema>;

/** docs/PRODUCT.md#assistant: the estimated cost of one AI action in the client's local budget check. */
export const BUDGET_CHECK_ESTIMATE = 0.01;

/**
 * The client's local budget check: false when the dollar credit cannot cover one more action. Where
 * pay-as-you-go is available the server decides (it may take the call, or names what to turn on).
 */
export function hasBudgetFor(usage: Pick<UsageCurrent, 'cost' | 'reserved' | 'limits' | 'payg'>, estimate = BUDGET_CHECK_ESTIMATE): boolean {
  if (usage.payg?.available) return true;
  const credit = usage.limits.creditDollars;
  // Rounded to cents' hundredths, so 0.99 + 0.01 against 1.00 is not refused by float error.
  return credit === null || Math.round((usage.cost + usage.reserved + estimate) * 1e6) <= Math.round(credit * 1e6);
}

/**
 * The `details` of a 402 budget_exceeded (and payg_off) refusal (docs/BILLING.md#refusals): which
 * limit ran out, what is left of the others this period (null: no cap), and whether pay-as-you-go
 * could take over, so the one message a writer sees names what ran out and what to do.
 */
export const budgetRefusalDetailsSchema = z.object({
  ranOut: z.enum(['fastCalls', 'premiumCalls', 'credit', 'paygLimit']),
  /** The tier the refused call asked for. */
  tier: aiTierSchema,
  plan: z.enum(['self-hosted', 'free', 'pro']),
  left: z.object({
    fastCalls: z.nullable(z.number().check(z.int())),
    premiumCalls: z.nullable(z.number().check(z.int())),
    creditDollars: z.nullable(z.number()),
  }),
  /** available: the plan offers pay-as-you-go; on: the writer set a spending limit above 0. */
  payg: z.object({ available: z.boolean(), on: z.boolean() }),
});
export type BudgetRefusalDetails = z.infer<typeof budgetRefusalDetailsSchema>;
/** What ran out alone: the web still names it when the rest of a refusal's details do not parse. */
export const budgetRefusalRanOutSchema = z.pick(budgetRefusalDetailsSchema, { ranOut: true });
