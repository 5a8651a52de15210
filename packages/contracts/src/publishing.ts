import { z } from 'zod/mini';

/** Where a post appears: /updates or /blog (docs/PRODUCT.md#admin). */
export const POST_CATEGORIES = ['updates', 'blog'] as const;
export const postCategorySchema = z.enum(POST_CATEGORIES);
export type PostCategory = z.infer<typeof postCategorySchema>;

export const PUBLISHING = {
  maxTitleLength: 200,
  maxSlugLength: 120,
  maxExcerptLength: 500,
  /** Posts listed on /blog and /updates, and items in their RSS feeds. */
  listedPosts: 100,
} as const;

/**
 * The slug of a title (docs/PRODUCT.md#admin): lower case, spaces become hyphens, every character other
 * than a-z, 0-9 and hyphen removed.
 */
export function slugFromTitle(title: string): string {
  return title
    .toLowerCase()
    .replace(/ /g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

/** A slug the rule can produce, and not empty. */
export const postSlugSchema = z
  .string()
  .check(z.minLength(1, 'must not be empty'), z.maxLength(PUBLISHING.maxSlugLength), z.regex(/^[a-z0-9-]+$/, 'may hold only a-z, 0-9 and hyphens'));

/** The draft an editor fills in (docs/PRODUCT.md#admin). */
export const publishingDraftSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(PUBLISHING.maxTitleLength)),
  slug: postSlugSchema,
  excerpt: z.string().check(z.maxLength(PUBLISHING.maxExcerptLength)),
  category: postCategorySchema,
});
export type PublishingDraft = z.infer<typeof publishingDraftSchema>;

export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A document's post as the manager shows it. */
export const postSchema = z.extend(publishingDraftSchema, {
  status: z.enum(POST_STATUSES),
  publishedAt: z.nullable(z.string()),
  updatedAt: z.string(),
  /** The public address while published. */
  url: z.nullable(z.string()),
});
export type Post = z.infer<typeof postSchema>;

/** A document eligible for publishing (docs/PRODUCT.md#admin), with its post when it has one. */
export const publishableDocumentSchema = z.object({
  fileId: z.string(),
  name: z.string(),
  lastModified: z.string(),
  wordCount: z.number().check(z.int()),
  post: z.nullable(postSchema),
});
export type PublishableDocument = z.infer<typeof publishableDocumentSchema>;

export const publishableListAnswerSchema = z.object({ items: z.array(publishableDocumentSchema) });
export const publishingFileParamsSchema = z.object({ fileId: z.string().check(z.minLength(1), z.maxLength(64)) });
export const publishingPreviewAnswerSchema = z.object({ name: z.string(), content: z.unknown(), lastModified: z.string() });
export const postAnswerSchema = z.object({ success: z.literal(true), post: postSchema });
