import { z } from 'zod/mini';

/**
 * Suggestions (issue 42 item 3, docs/COLLABORATION.md "Suggestions"): a Commenter's edits, kept
 * beside the document as the text of one block before (`baseText`) and after (`proposedText`) their
 * edits. The owner or an Editor accepts or rejects them change by change; accepting is their edit
 * of the document, saved as any other.
 */

/** The longest block text a suggestion holds (before or after). */
export const SUGGESTION_MAX_TEXT = 20_000;
/** At most this many open suggestions on one document. */
export const SUGGESTION_MAX_OPEN = 500;

export const SUGGESTION_MESSAGES = {
  notFound: 'This suggestion is no longer there.',
  tooMany: `A document holds at most ${SUGGESTION_MAX_OPEN} open suggestions. Ask its owner to review some first.`,
} as const;

const idSchema = z.string().check(z.minLength(1), z.maxLength(64));
const textSchema = z.string().check(z.maxLength(SUGGESTION_MAX_TEXT));

export const suggestionFileParamsSchema = z.object({ fileId: idSchema });
/** POST /suggestions/propose: the caller's suggestion on one block (replacing their earlier one there); the same text twice withdraws it. */
export const suggestionProposeBodySchema = z.object({ fileId: idSchema, blockId: idSchema, baseText: textSchema, proposedText: textSchema });
/**
 * POST /suggestions/decide (owner or Editor): what is left of a suggestion after a decision — an
 * accepted change moves `baseText` (the document now has it), a rejected one `proposedText`. When
 * they are equal nothing is left and the suggestion goes.
 */
export const suggestionDecideBodySchema = z.object({ suggestionId: idSchema, baseText: textSchema, proposedText: textSchema });

export const suggestionSchema = z.object({
  id: z.string(),
  blockId: z.string(),
  baseText: z.string(),
  proposedText: z.string(),
  authorName: z.string(),
  mine: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListAnswerSchema = z.object({
  success: z.literal(true),
  /** The caller's edits become suggestions (a Commenter). */
  suggesting: z.boolean(),
  /** The caller may accept and reject (the owner, an Editor). */
  canReview: z.boolean(),
  suggestions: z.array(suggestionSchema),
});
export type SuggestionListAnswer = z.infer<typeof suggestionListAnswerSchema>;

/** The suggestion as it is now; null once nothing is left of it. */
export const suggestionAnswerSchema = z.object({ success: z.literal(true), suggestion: z.nullable(suggestionSchema) });
