import { COMMENT_MAX_THREADS, displayName, type CommentAnchor, type CommentListAnswer, type CommentThreadAnswer } from '@bree/contracts';
import type { DocumentAccessRole } from '@bree/contracts';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { roleCovers, type DocumentNeed } from '../grants/grants.service';
import type { ProfileName } from '../tenants/profile-names';
import { commentsErrors } from './comments.errors';
import { byThread, mentionedIn, nameFrom, peopleIn, presentThread } from './comments.presenter';
import type { CommentsRepository } from './comments.repository';

export interface CommentsServiceDeps {
  repository: CommentsRepository;
  /** The one grant resolver (grants.service.ts `resolve`). */
  access: (args: { tenantId: string; fileId: string; need: DocumentNeed }) => Promise<{ ownerTenantId: string; role: DocumentAccessRole }>;
  /** Everyone with access to a document, its owner first. */
  participants: (args: { ownerTenantId: string; fileId: string }) => Promise<string[]>;
  names: (tenantIds: readonly string[]) => Promise<Map<string, ProfileName>>;
  documentName: (args: { tenantId: string; fileId: string }) => Promise<string | null>;
  mailer: Mailer | null;
  publicUrl: string;
  newId: () => string;
  now?: () => Date;
}

type Caller = { tenantId: string };

/**
 * Comments on documents (docs/COLLABORATION.md "Comments"). Every action asks the grant resolver
 * first: reading the threads needs 'read', writing, replying and resolving 'comment', moving an
 * anchor 'edit'; a comment's text is changed or deleted only by its author. An id the caller
 * cannot reach answers 404 `comment_not_found`, as an unknown one does.
 */
export function createCommentsService({
  repository,
  access,
  participants,
  names,
  documentName,
  mailer,
  publicUrl,
  newId,
  now = () => new Date(),
}: CommentsServiceDeps) {
  /** The thread's document when the caller's role covers `need`; an unreachable thread is not found. */
  async function reachThread(caller: Caller, threadId: string, need: DocumentNeed) {
    const located = await repository.locateThread(threadId);
    if (!located) throw commentsErrors.notFound();
    await accessOrNotFound(caller, located.fileId, need);
    return located;
  }

  async function accessOrNotFound(caller: Caller, fileId: string, need: DocumentNeed) {
    try {
      return await access({ tenantId: caller.tenantId, fileId, need });
    } catch (err) {
      // A role that falls short is told (403); no access at all is the same 404 as an unknown id.
      if (err instanceof AppError && err.status === 404) throw commentsErrors.notFound();
      throw err;
    }
  }

  async function threadAnswer(caller: Caller, tenantId: string, threadId: string): Promise<CommentThreadAnswer> {
    const found = await repository.thread({ tenantId, threadId });
    if (!found) throw commentsErrors.notFound();
    const map = await names(peopleIn([found.thread], found.comments));
    return { success: true, thread: presentThread(found.thread, found.comments, { caller: caller.tenantId, nameOf: nameFrom(map) }) };
  }

  /** Mails everyone the comment names with '@', but its author; a failed mail never fails the comment. */
  async function mailMentions({ author, ownerTenantId, fileId, body }: { author: string; ownerTenantId: string; fileId: string; body: string }) {
    if (!mailer || !body.includes('@')) return;
    const people = (await participants({ ownerTenantId, fileId })).filter((id) => id !== author);
    const map = await names([...people, author]);
    const named = mentionedIn(
      body,
      people.map((id) => ({ tenantId: id, name: map.get(id)?.name ?? '', email: map.get(id)?.email ?? null })),
    );
    if (named.length === 0) return;
    const stored = await documentName({ tenantId: ownerTenantId, fileId });
    const title = stored ? displayName(stored) : 'a document';
    const who = nameFrom(map)(author);
    for (const tenantId of named) {
      const to = map.get(tenantId)?.email;
      if (!to) continue;
      const link = `${publicUrl}/app/${tenantId === ownerTenantId ? '' : 'shared/'}${fileId}`;
      try {
        await mailer.send({
          to,
          subject: `${who} mentioned you in “${title}”`,
          text: `${who} mentioned you in a comment on “${title}”:\n\n${body}\n\nOpen the document: ${link}\n`,
        });
      } catch {
        // The comment is kept and shows in the document's comments; a mail server down loses only the mail.
      }
    }
  }

  return {
    async list(caller: Caller, fileId: string): Promise<CommentListAnswer> {
      const { ownerTenantId, role } = await access({ tenantId: caller.tenantId, fileId, need: 'read' });
      const [{ threads, comments }, people] = await Promise.all([
        repository.listThreads({ tenantId: ownerTenantId, fileId }),
        participants({ ownerTenantId, fileId }),
      ]);
      const map = await names([...new Set([...people, ...peopleIn(threads, comments)])]);
      const grouped = byThread(comments);
      return {
        success: true,
        canComment: roleCovers(role, 'comment'),
        threads: threads.map((t) => presentThread(t, grouped.get(t.id) ?? [], { caller: caller.tenantId, nameOf: nameFrom(map) })),
        mentionable: people.filter((id) => id !== caller.tenantId && map.has(id)).map((id) => ({ name: map.get(id)!.name })),
      };
    },

    async create(caller: Caller, { fileId, anchor, body }: { fileId: string; anchor: CommentAnchor; body: string }): Promise<CommentThreadAnswer> {
      const { ownerTenantId } = await access({ tenantId: caller.tenantId, fileId, need: 'comment' });
      if ((await repository.countThreads({ tenantId: ownerTenantId, fileId })) >= COMMENT_MAX_THREADS) throw commentsErrors.tooMany();
      const id = newId();
      const text = body.trim();
      const end = Math.max(anchor.start, anchor.end);
      await repository.insertThread({
        id,
        commentId: newId(),
        tenantId: ownerTenantId,
        fileId,
        authorTenantId: caller.tenantId,
        anchor: { ...anchor, end },
        body: text,
        now: now(),
      });
      await mailMentions({ author: caller.tenantId, ownerTenantId, fileId, body: text });
      return threadAnswer(caller, ownerTenantId, id);
    },

    async reply(caller: Caller, { threadId, body }: { threadId: string; body: string }): Promise<CommentThreadAnswer> {
      const { tenantId, fileId } = await reachThread(caller, threadId, 'comment');
      const text = body.trim();
      await repository.insertComment({ id: newId(), threadId, authorTenantId: caller.tenantId, body: text, now: now() });
      await mailMentions({ author: caller.tenantId, ownerTenantId: tenantId, fileId, body: text });
      return threadAnswer(caller, tenantId, threadId);
    },

    async resolve(caller: Caller, { threadId, resolved }: { threadId: string; resolved: boolean }): Promise<CommentThreadAnswer> {
      const { tenantId } = await reachThread(caller, threadId, 'comment');
      await repository.setResolved({ tenantId, threadId, by: resolved ? caller.tenantId : null, now: resolved ? now() : null });
      return threadAnswer(caller, tenantId, threadId);
    },

    /** A writer's editor tells where the quoted text went (or that it was deleted). */
    async moveAnchor(caller: Caller, { threadId, anchor }: { threadId: string; anchor: CommentAnchor | null }): Promise<CommentThreadAnswer> {
      const { tenantId } = await reachThread(caller, threadId, 'edit');
      await repository.setAnchor({ tenantId, threadId, anchor: anchor && { ...anchor, end: Math.max(anchor.start, anchor.end) } });
      return threadAnswer(caller, tenantId, threadId);
    },

    async edit(caller: Caller, { commentId, body }: { commentId: string; body: string }): Promise<CommentThreadAnswer> {
      const found = await ownComment(caller, commentId);
      await repository.editComment({ commentId, body: body.trim(), now: now() });
      return threadAnswer(caller, found.tenantId, found.threadId);
    },

    /** Deletes the caller's comment; the thread's first comment takes the whole thread with it. */
    async remove(caller: Caller, { commentId }: { commentId: string }): Promise<{ success: true; threadDeleted: boolean }> {
      const found = await ownComment(caller, commentId);
      if (found.first) await repository.deleteThread({ tenantId: found.tenantId, threadId: found.threadId });
      else await repository.deleteComment(commentId);
      return { success: true, threadDeleted: found.first };
    },

    async counts(caller: Caller) {
      return { success: true as const, counts: await repository.openCounts({ tenantId: caller.tenantId }) };
    },
  };

  /** The caller's own comment on a document they may still comment on. */
  async function ownComment(caller: Caller, commentId: string) {
    const found = await repository.locateComment(commentId);
    if (!found) throw commentsErrors.notFound();
    await accessOrNotFound(caller, found.fileId, 'comment');
    if (found.authorTenantId !== caller.tenantId) throw commentsErrors.notYours();
    return found;
  }
}
export type CommentsService = ReturnType<typeof createCommentsService>;
