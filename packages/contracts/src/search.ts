import { z } from 'zod/mini';

/** Search defaults (docs/PRODUCT.md#search): drafts are left out unless asked for. */
export const SEARCH_DEFAULTS = {
  textLimit: 20,
  vectorLimit: 10,
  threshold: 0.7,
  hybridLimit: 10,
  vectorWeight: 0.7,
  textWeight: 0.3,
  includeDrafts: false,
} as const;
/** The most results one search answers. */
export const SEARCH_MAX_LIMIT = 100;
/** The longest query: a search box, not a document. */
export const SEARCH_QUERY_MAX_CHARS = 500;
/** How long the browser waits for a search (docs/PRODUCT.md#search: 1 min for search). */
export const SEARCH_TIMEOUT_MS = 60_000;

const query = z.string().check(z.trim(), z.minLength(1), z.maxLength(SEARCH_QUERY_MAX_CHARS));
const limit = (fallback: number) => z._default(z.number().check(z.int(), z.gte(1), z.lte(SEARCH_MAX_LIMIT)), fallback);
const weight = (fallback: number) => z._default(z.number().check(z.gte(0), z.lte(1)), fallback);

/** POST /api/search/text (docs/PRODUCT.md#search). */
export const textSearchBodySchema = z.strictObject({
  tenantId: z.optional(z.string()),
  query,
  limit: limit(SEARCH_DEFAULTS.textLimit),
  includeDrafts: z._default(z.boolean(), SEARCH_DEFAULTS.includeDrafts),
});
export type TextSearchBody = z.input<typeof textSearchBodySchema>;

/** POST /api/search/vector: documents whose meaning is at least `threshold` (cosine similarity) like the query. */
export const vectorSearchBodySchema = z.strictObject({
  tenantId: z.optional(z.string()),
  query,
  limit: limit(SEARCH_DEFAULTS.vectorLimit),
  threshold: weight(SEARCH_DEFAULTS.threshold),
  includeDrafts: z._default(z.boolean(), SEARCH_DEFAULTS.includeDrafts),
});
export type VectorSearchBody = z.input<typeof vectorSearchBodySchema>;

/**
 * POST /api/search/hybrid: both scores normalised to 0–1, then weighted. A document found by
 * meaning alone must reach `threshold` (the vector search's, 0.7 by default).
 */
export const hybridSearchBodySchema = z
  .strictObject({
    tenantId: z.optional(z.string()),
    query,
    limit: limit(SEARCH_DEFAULTS.hybridLimit),
    threshold: weight(SEARCH_DEFAULTS.threshold),
    vectorWeight: weight(SEARCH_DEFAULTS.vectorWeight),
    textWeight: weight(SEARCH_DEFAULTS.textWeight),
    includeDrafts: z._default(z.boolean(), SEARCH_DEFAULTS.includeDrafts),
  })
  .check(z.refine((b) => b.vectorWeight + b.textWeight > 0, { message: 'vectorWeight and textWeight cannot both be 0', path: ['vectorWeight'] }));
export type HybridSearchBody = z.input<typeof hybridSearchBodySchema>;

/**
 * The passage shown for a result: plain text (never HTML) with the matching parts as
 * [start, end) character ranges of `text`, and where the passage starts in the document's
 * plain text (null when it cannot be placed), so the editor can open scrolled to it.
 */
export const searchPassageSchema = z.object({
  text: z.string(),
  highlights: z.array(z.tuple([z.number().check(z.int(), z.gte(0)), z.number().check(z.int(), z.gte(0))])),
  offset: z.nullable(z.number().check(z.int(), z.gte(0))),
});
export type SearchPassage = z.infer<typeof searchPassageSchema>;

/** One document found: ranked as a whole, shown with its best passage. */
export const searchResultSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  tag: z.nullable(z.enum(['Human', 'AI-Assisted', 'AI'])),
  /** When the text last changed (the list's 'Edited …' date), ISO 8601. */
  contentUpdatedAt: z.string(),
  /** A workspace variant: drafts appear only with includeDrafts. */
  isDraft: z.boolean(),
  /** 0–1, higher is better; comparable within one answer. */
  score: z.number(),
  passage: searchPassageSchema,
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const SEARCH_MODES = ['text', 'vector', 'hybrid'] as const;
export const searchResponseSchema = z.object({
  mode: z.enum(SEARCH_MODES),
  results: z.array(searchResultSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** GET /api/search/status: whether meaning search works here and how far the tenant's index is. */
export const searchStatusSchema = z.object({
  semantic: z.discriminatedUnion('available', [
    z.object({ available: z.literal(true), model: z.string() }),
    z.object({ available: z.literal(false), reason: z.enum(['no_model', 'no_extension']), message: z.string() }),
  ]),
  /** Documents whose current text is embedded, out of the tenant's documents ('Indexing 120 of 480 documents'). */
  indexed: z.number().check(z.int(), z.gte(0)),
  total: z.number().check(z.int(), z.gte(0)),
  indexing: z.boolean(),
});
export type SearchStatus = z.infer<typeof searchStatusSchema>;

/**
 * The languages a tenant can search in: PostgreSQL's text search configurations (stemming, stop
 * words), each with accents ignored. 'simple' keeps every word as written and works for any language.
 */
export const SEARCH_LANGUAGES = [
  'simple',
  'danish',
  'dutch',
  'english',
  'finnish',
  'french',
  'german',
  'hungarian',
  'italian',
  'norwegian',
  'portuguese',
  'romanian',
  'russian',
  'spanish',
  'swedish',
  'turkish',
] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

/** GET and PUT /api/search/settings: the tenant's search language. */
export const searchSettingsSchema = z.strictObject({ language: z.enum(SEARCH_LANGUAGES) });
export type SearchSettings = z.infer<typeof searchSettingsSchema>;
