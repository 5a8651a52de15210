import { z } from 'zod/mini';

/**
 * Comments on a document (issue 42 item 2, docs/COLLABORATION.md "Comments"): threads anchored to
 * a stretch of text, with replies, resolved and reopened by anyone who may comment. Comments are
 * kept beside the document, never in its text: exports, provenance and search do not see them.
 */

/** The longest comment or reply, in characters. */
export const COMMENT_MAX_BODY = 4000;
/** The longest stretch of text a thread quotes. */
export const COMMENT_MAX_QUOTE = 2000;
/** At most this many threads on one document (a runaway client stops here). */
export const COMMENT_MAX_THREADS = 1000;

/** The comment messages, word for word. */
export const COMMENT_MESSAGES = {
  empty: 'Write something first.',
  notFound: 'This comment is no longer there.',
  notYours: 'Only its author can change this comment.',
  tooMany: `A document holds at most ${COMMENT_MAX_THREADS} comment threads. Resolve and delete some first.`,
} as const;

/**
 * Where a thread sits: the block (paragraph, heading, list item) by its id, the offsets of the
 * quoted text inside the block's text, and the text itself. A reader finds it again by the quote
 * nearest the offsets, so edits around it move the anchor with the text.
 */
export const commentAnchorSchema = z.object({
  blockId: z.string().check(z.minLength(1), z.maxLength(64)),
  start: z.int().check(z.minimum(0), z.maximum(1_000_000)),
  end: z.int().check(z.minimum(0), z.maximum(1_000_000)),
  quote: z.string().check(z.minLength(1), z.maxLength(COMMENT_MAX_QUOTE)),
});
export type CommentAnchor = z.infer<typeof commentAnchorSchema>;

const idSchema = z.string().check(z.minLength(1), z.maxLength(64));
const bodySchema = z.string().check(
  z.maxLength(COMMENT_MAX_BODY),
  z.refine((s) => s.trim().length > 0, COMMENT_MESSAGES.empty),
);

export const commentFileParamsSchema = z.object({ fileId: idSchema });
/** POST /comments/create: a new thread on the selected text. */
export const commentCreateBodySchema = z.object({ fileId: idSchema, anchor: commentAnchorSchema, body: bodySchema });
/** POST /comments/reply */
export const commentReplyBodySchema = z.object({ threadId: idSchema, body: bodySchema });
/** POST /comments/edit (one's own comment) */
export const commentEditBodySchema = z.object({ commentId: idSchema, body: bodySchema });
/** POST /comments/delete (one's own comment; the first comment of a thread takes the thread with it) */
export const commentDeleteBodySchema = z.object({ commentId: idSchema });
/** POST /comments/resolve: resolve (true) or reopen (false). */
export const commentResolveBodySchema = z.object({ threadId: idSchema, resolved: z.boolean() });
/** POST /comments/anchor (a writer of the text): where the thread's text went after an edit; null when it was deleted. */
export const commentAnchorBodySchema = z.object({ threadId: idSchema, anchor: z.nullable(commentAnchorSchema) });

export const commentSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  /** Written by the caller: they may edit and delete it. */
  mine: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.nullable(z.string()),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentThreadSchema = z.object({
  id: z.string(),
  anchor: commentAnchorSchema,
  /** The quoted text was deleted: the thread stays, shown as 'on deleted text'. */
  anchorDeleted: z.boolean(),
  resolved: z.boolean(),
  resolvedBy: z.nullable(z.string()),
  resolvedAt: z.nullable(z.string()),
  createdAt: z.string(),
  comments: z.array(commentSchema),
});
export type CommentThread = z.infer<typeof commentThreadSchema>;

/** GET /comments/list/{fileId}: the threads, oldest first, and who may be mentioned (everyone with access but the caller). */
export const commentListAnswerSchema = z.object({
  success: z.literal(true),
  canComment: z.boolean(),
  threads: z.array(commentThreadSchema),
  mentionable: z.array(z.object({ name: z.string() })),
});
export type CommentListAnswer = z.infer<typeof commentListAnswerSchema>;

export const commentThreadAnswerSchema = z.object({ success: z.literal(true), thread: commentThreadSchema });
export type CommentThreadAnswer = z.infer<typeof commentThreadAnswerSchema>;
/** POST /comments/delete: `threadDeleted` when the comment was the thread's first, and the thread went with it. */
export const commentDeleteAnswerSchema = z.object({ success: z.literal(true), threadDeleted: z.boolean() });

/** GET /comments/counts: open threads per document of the caller's own (documents without any are left out). */
export const commentCountsAnswerSchema = z.object({ success: z.literal(true), counts: z.record(z.string(), z.int()) });
export type CommentCountsAnswer = z.infer<typeof commentCountsAnswerSchema>;
