import { z } from 'zod';
import { EXPORT_FORMATS } from './files.formats';

/**
 * A download's query, for both the path and the by-id route: the format, and what the writer asked
 * to add — `provenance=include` the authorship line and, in .html, the AI spans (docs/PROVENANCE.md);
 * `comments=include` the document's comment threads after the text (docs/COLLABORATION.md "Comments").
 * Its own module: the export renderers, loaded on worker threads, need no zod.
 */
export const downloadQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS).default('txt'),
  provenance: z.enum(['include']).optional(),
  comments: z.enum(['include']).optional(),
});

/** What the query asks the export to add. */
export const downloadExtras = (query: z.infer<typeof downloadQuerySchema>) => ({
  format: query.format,
  provenance: query.provenance === 'include',
  comments: query.comments === 'include',
});
