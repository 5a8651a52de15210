import { commentCountsAnswerSchema, commentDeleteAnswerSchema, commentListAnswerSchema, commentThreadAnswerSchema, type CommentAnchor } from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** GET /comments/list/{fileId}: the document's threads, whether the caller may comment, who may be mentioned. */
export const listComments = (api: ApiClient, fileId: string) => api.get(`/comments/list/${encodeURIComponent(fileId)}`, { schema: commentListAnswerSchema });

/** GET /comments/counts: open threads per own document, for the list. */
export const commentCounts = async (api: ApiClient) => (await api.get('/comments/counts', { schema: commentCountsAnswerSchema })).counts;

export const createThread = (api: ApiClient, q: { fileId: string; anchor: CommentAnchor; body: string }) =>
  api.post('/comments/create', q, { schema: commentThreadAnswerSchema });
export const replyTo = (api: ApiClient, q: { threadId: string; body: string }) => api.post('/comments/reply', q, { schema: commentThreadAnswerSchema });
export const setResolved = (api: ApiClient, q: { threadId: string; resolved: boolean }) =>
  api.post('/comments/resolve', q, { schema: commentThreadAnswerSchema });
export const moveAnchor = (api: ApiClient, q: { threadId: string; anchor: CommentAnchor | null }) =>
  api.post('/comments/anchor', q, { schema: commentThreadAnswerSchema });
export const editComment = (api: ApiClient, q: { commentId: string; body: string }) => api.post('/comments/edit', q, { schema: commentThreadAnswerSchema });
export const deleteComment = (api: ApiClient, q: { commentId: string }) => api.post('/comments/delete', q, { schema: commentDeleteAnswerSchema });
