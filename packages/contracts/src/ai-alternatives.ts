import { z } from 'zod/mini';
import { SUGGESTION_MAX_VERSIONS, createOperationAnswerSchema, createOperationBodySchema } from './ai';

/**
 * 'Show 3 versions' (docs/ASSISTANT.md "Three versions at once"): the request of any action, and
 * how many alternatives to write at once (2 or 3, a suggestion's most). They are reserved in one
 * statement and run as that many operations, each followed by its own stream.
 */
export const createAlternativesBodySchema = z.extend(z.omit(createOperationBodySchema, { earlierVersions: true }), {
  alternatives: z.number().check(z.int(), z.gte(2), z.lte(SUGGESTION_MAX_VERSIONS)),
});
export type CreateAlternativesBody = z.infer<typeof createAlternativesBodySchema>;

/** The started alternatives, in order: each is followed with GET /ai/operations/{operationId}/stream. */
export const createAlternativesAnswerSchema = z.object({ operations: z.array(createOperationAnswerSchema) });
export type CreateAlternativesAnswer = z.infer<typeof createAlternativesAnswerSchema>;
