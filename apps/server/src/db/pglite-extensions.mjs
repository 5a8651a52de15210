// The extensions the embedded database loads at open, for both threads that open one (the
// database's own, `pglite.worker.mjs`, and the main thread's restore). Plain JavaScript, as the
// worker imports it: pg_trgm powers fuzzy name search, unaccent full-text search, vector
// (pgvector) search by meaning.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { vector } from '@electric-sql/pglite-pgvector';

export const pgliteExtensions = { pg_trgm, unaccent, vector };
