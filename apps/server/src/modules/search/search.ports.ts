/**
 * What the search routes need from meaning (vector) search. The embedding index implements it;
 * without an embedding model or without pgvector, `availability()` says why and vector and
 * hybrid search answer 503 `vector_search_unavailable` while text search keeps working.
 */
export type SemanticAvailability = { available: true; model: string } | { available: false; reason: 'no_model' | 'no_extension'; message: string };

/** A document found by meaning, represented by its passage most like the query. */
export interface PassageMatch {
  fileId: string;
  /** Cosine similarity of the best passage, 0–1. */
  score: number;
  passage: string;
  /** Where the passage starts in the document's plain text (`content_text`). */
  passageOffset: number;
}

export interface SemanticSearch {
  availability(): SemanticAvailability;
  /**
   * The tenant's documents (best passage each) at least `threshold` like the query, best first.
   * Embeds the query through the metered AI call; drafts (workspace variants) only when asked.
   */
  searchDocuments(input: { tenantId: string; query: string; limit: number; threshold: number; includeDrafts: boolean }): Promise<PassageMatch[]>;
}

/** Meaning search on a server without an embedding model. */
export const semanticSearchOff: SemanticSearch = {
  availability: () => ({
    available: false,
    reason: 'no_model',
    message: 'Search by meaning needs an embedding model: set AI_EMBEDDING_MODEL (for example openai:text-embedding-3-small). Text search works without it.',
  }),
  searchDocuments: () => Promise.resolve([]),
};
