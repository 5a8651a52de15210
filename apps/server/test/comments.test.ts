import type { DocumentRole } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { linkIn, startSmtpSink, type SmtpSink } from './fakes/smtp-sink';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** Comments and suggestions (issue 42 items 2–3, docs/COLLABORATION.md): each role over their routes, mentions mailed, comments kept out of the text. */
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', attrs: { id: 'b1' }, content: [{ type: 'text', text }] }] });
const TEXT = 'The harbour wall holds the sea.';
const anchor = { blockId: 'b1', start: 4, end: 17, quote: 'harbour wall ' };

describe('comments', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let owner: TestUser;
  let fileId: string;
  const people: Partial<Record<DocumentRole | 'stranger' | 'removed', TestUser>> = {};
  const names: Record<string, string> = { viewer: 'Vic Viewer', commenter: 'Cora Commenter', editor: 'Ed Editor', removed: 'Rae Removed' };

  /** A fresh account with a profile, invited with `role` by a mailed link it opens. */
  async function invited(role: DocumentRole, label: keyof typeof names): Promise<TestUser> {
    const email = `${label}-${Date.now()}@example.com`;
    const person = await newUser(t.app, label, email);
    expect((await person.call('PUT', '/api/users/profile', { email, name: names[label] })).status).toBe(200);
    expect((await owner.call('POST', '/api/grants/invite', { fileId, email, role })).body.mailed).toBe(true);
    // Sign-up mailed its confirmation first: the invitation is the mail that shares 'Harbour'.
    const invitation = () => sink.mails.find((m) => m.to.includes(email) && m.subject.endsWith('shared “Harbour” with you'));
    for (let tries = 0; !invitation() && tries < 200; tries += 1) await new Promise((r) => setTimeout(r, 50));
    const token = linkIn(invitation()!).split('/app/invite/')[1]!;
    expect((await person.call('POST', `/api/grants/accept/${token}`)).status).toBe(200);
    return person;
  }

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Bree <no-reply@bree.test>' });
    await resetDatabase(t.database);
    owner = await newUser(t.app, 'comment-owner', 'olive@example.com');
    expect((await owner.call('PUT', '/api/users/profile', { email: 'olive@example.com', name: 'Olive Owner' })).status).toBe(200);
    fileId = (await owner.call('POST', '/api/files/create', { filePath: 'Harbour', content: doc(TEXT) })).body.file.id;
    people.viewer = await invited('viewer', 'viewer');
    people.commenter = await invited('commenter', 'commenter');
    people.editor = await invited('editor', 'editor');
    people.removed = await invited('commenter', 'removed');
    people.stranger = await newUser(t.app, 'comment-stranger');
    const grants = (await owner.call('GET', `/api/grants/people/${fileId}`)).body.people as { granteeId: string; name: string }[];
    const removedId = grants.find((g) => g.name === names.removed)!.granteeId;
    expect((await owner.call('POST', '/api/grants/remove', { fileId, granteeId: removedId })).body.changed).toBe(true);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const mailsTo = (address: string) => sink.mails.filter((m) => m.to.some((to) => to.includes(address)) && m.subject.includes('mentioned you'));

  it('lets a Commenter start a thread and everyone with access read it; a Viewer cannot comment, a stranger or a removed person gets 404', async () => {
    const created = await people.commenter!.call('POST', '/api/comments/create', { fileId, anchor, body: '  Which wall?  ' });
    expect(created.status).toBe(200);
    expect(created.body.thread).toMatchObject({
      anchor,
      anchorDeleted: false,
      resolved: false,
      comments: [{ authorName: 'Cora Commenter', mine: true, body: 'Which wall?', editedAt: null }],
    });
    for (const who of [owner, people.viewer!, people.editor!]) {
      const list = await who.call('GET', `/api/comments/list/${fileId}`);
      expect(list.status).toBe(200);
      const thread = list.body.threads.find((th: { id: string }) => th.id === created.body.thread.id);
      expect(thread.comments[0]).toMatchObject({ body: 'Which wall?', mine: false });
    }
    expect((await people.viewer!.call('GET', `/api/comments/list/${fileId}`)).body.canComment).toBe(false);
    expect((await people.commenter!.call('GET', `/api/comments/list/${fileId}`)).body.canComment).toBe(true);
    // Mentionable: everyone with access but the caller, the removed person no longer.
    const mentionable = (await people.commenter!.call('GET', `/api/comments/list/${fileId}`)).body.mentionable.map((p: { name: string }) => p.name);
    expect(mentionable.sort()).toEqual(['Ed Editor', 'Olive Owner', 'Vic Viewer']);

    const viewer = await people.viewer!.call('POST', '/api/comments/create', { fileId, anchor, body: 'No.' });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.code).toBe('role_refused');
    for (const who of [people.stranger!, people.removed!]) {
      const list = await who.call('GET', `/api/comments/list/${fileId}`);
      expect(list.status).toBe(404);
      expect(list.body.error.code).toBe('file_not_found');
      expect((await who.call('POST', '/api/comments/create', { fileId, anchor, body: 'No.' })).status).toBe(404);
      const threadId = created.body.thread.id;
      const commentId = created.body.thread.comments[0].id;
      for (const [path, body] of [
        ['/api/comments/reply', { threadId, body: 'No.' }],
        ['/api/comments/resolve', { threadId, resolved: true }],
        ['/api/comments/anchor', { threadId, anchor: null }],
        ['/api/comments/edit', { commentId, body: 'No.' }],
        ['/api/comments/delete', { commentId }],
      ] as const) {
        const refused = await who.call('POST', path, body);
        expect(refused.status, path).toBe(404);
        expect(refused.body.error.code, path).toBe('comment_not_found');
      }
    }
    // Nothing the refused calls asked for happened.
    const after = (await owner.call('GET', `/api/comments/list/${fileId}`)).body.threads.find((th: { id: string }) => th.id === created.body.thread.id);
    expect(after).toMatchObject({ resolved: false, anchorDeleted: false, comments: [{ body: 'Which wall?' }] });
  });

  it('takes replies, resolve and reopen from anyone who may comment; only its author edits or deletes a comment; the first comment takes its thread', async () => {
    const thread = (await owner.call('POST', '/api/comments/create', { fileId, anchor, body: 'Check the height.' })).body.thread;
    const reply = await people.commenter!.call('POST', '/api/comments/reply', { threadId: thread.id, body: 'Four metres.' });
    expect(reply.body.thread.comments.map((c: { body: string }) => c.body)).toEqual(['Check the height.', 'Four metres.']);
    expect((await people.viewer!.call('POST', '/api/comments/reply', { threadId: thread.id, body: 'No.' })).status).toBe(403);

    const resolved = await people.commenter!.call('POST', '/api/comments/resolve', { threadId: thread.id, resolved: true });
    expect(resolved.body.thread).toMatchObject({ resolved: true, resolvedBy: 'Cora Commenter' });
    expect((await people.viewer!.call('POST', '/api/comments/resolve', { threadId: thread.id, resolved: false })).status).toBe(403);
    expect((await owner.call('POST', '/api/comments/resolve', { threadId: thread.id, resolved: false })).body.thread).toMatchObject({
      resolved: false,
      resolvedBy: null,
    });

    const replyId = reply.body.thread.comments[1].id;
    const notYours = await owner.call('POST', '/api/comments/edit', { commentId: replyId, body: 'Five.' });
    expect(notYours.status).toBe(403);
    expect(notYours.body.error.code).toBe('comment_not_yours');
    expect((await owner.call('POST', '/api/comments/delete', { commentId: replyId })).status).toBe(403);
    const edited = await people.commenter!.call('POST', '/api/comments/edit', { commentId: replyId, body: 'Four and a half metres.' });
    expect(edited.body.thread.comments[1]).toMatchObject({ body: 'Four and a half metres.', mine: true });
    expect(edited.body.thread.comments[1].editedAt).not.toBeNull();
    expect((await people.commenter!.call('POST', '/api/comments/delete', { commentId: replyId })).body).toEqual({ success: true, threadDeleted: false });
    const left = (await owner.call('GET', `/api/comments/list/${fileId}`)).body.threads.find((th: { id: string }) => th.id === thread.id);
    expect(left.comments.map((c: { body: string }) => c.body)).toEqual(['Check the height.']);
    expect((await owner.call('POST', '/api/comments/delete', { commentId: thread.comments[0].id })).body.threadDeleted).toBe(true);
    expect((await owner.call('GET', `/api/comments/list/${fileId}`)).body.threads.some((th: { id: string }) => th.id === thread.id)).toBe(false);
  });

  it('lets only a writer of the text move an anchor or mark its text deleted', async () => {
    const thread = (await people.commenter!.call('POST', '/api/comments/create', { fileId, anchor, body: 'Anchored.' })).body.thread;
    expect((await people.commenter!.call('POST', '/api/comments/anchor', { threadId: thread.id, anchor: null })).status).toBe(403);
    const moved = { blockId: 'b2', start: 0, end: 12, quote: 'harbour wall' };
    expect((await people.editor!.call('POST', '/api/comments/anchor', { threadId: thread.id, anchor: moved })).body.thread).toMatchObject({
      anchor: moved,
      anchorDeleted: false,
    });
    expect((await owner.call('POST', '/api/comments/anchor', { threadId: thread.id, anchor: null })).body.thread).toMatchObject({
      anchor: moved,
      anchorDeleted: true,
    });
  });

  it('mails the people a comment names with @, never its author, and only people with access', async () => {
    const before = mailsTo('olive@example.com').length;
    const created = await people.commenter!.call('POST', '/api/comments/create', {
      fileId,
      anchor,
      body: '@Olive Owner and @Rae Removed, see this. @Cora Commenter',
    });
    expect(created.status).toBe(200);
    await expect.poll(() => mailsTo('olive@example.com').length, { timeout: 10_000 }).toBe(before + 1);
    const mail = mailsTo('olive@example.com').at(-1)!;
    expect(mail.subject).toBe('Cora Commenter mentioned you in “Harbour”');
    expect(mail.text).toContain('@Olive Owner and @Rae Removed, see this.');
    expect(mail.text).toContain(`http://localhost:3999/app/${fileId}`);
    await people.editor!.call('POST', '/api/comments/reply', { threadId: created.body.thread.id, body: 'Over to you, @cora commenter.' });
    await expect.poll(() => mailsTo('commenter-').length, { timeout: 10_000 }).toBe(1);
    expect(mailsTo('commenter-')[0]!.text).toContain(`http://localhost:3999/app/shared/${fileId}`);
    // Neither the removed person nor the author was mailed.
    expect(mailsTo('removed-')).toHaveLength(0);
    expect(mailsTo('editor-')).toHaveLength(0);
  });

  it('counts open threads in the owner list, and keeps comments out of exports and search', async () => {
    const open = (await owner.call('GET', `/api/comments/list/${fileId}`)).body.threads.filter((th: { resolved: boolean }) => !th.resolved).length;
    expect(open).toBeGreaterThan(0);
    expect((await owner.call('GET', '/api/comments/counts')).body.counts).toEqual({ [fileId]: open });
    expect((await people.commenter!.call('GET', '/api/comments/counts')).body.counts).toEqual({});
    const exported = await owner.call('GET', `/api/files/by-id/${fileId}/download?format=md`);
    expect(String(exported.body)).toContain('harbour wall');
    expect(String(exported.body)).not.toContain('Which wall?');
    // Asked for, the comments follow the text: on the owner's path route and a grantee's by-id route alike.
    const withComments = await owner.call('GET', `/api/files/${owner.sub}/Harbour/download?format=md&comments=include`);
    const md = String(withComments.body);
    expect(md.indexOf('The harbour wall holds the sea.')).toBeLessThan(md.indexOf('## Comments'));
    expect(md).toMatch(/> “harbour wall ”\n\n\*\*Cora Commenter\*\* · \d{1,2} [A-Z][a-z]{2} \d{4}: Which wall\?/);
    const asViewer = await people.viewer!.call('GET', `/api/files/by-id/${fileId}/download?format=txt&comments=include`);
    expect(asViewer.status).toBe(200);
    expect(String(asViewer.body)).toContain('Cora Commenter · ');
    expect((await people.stranger!.call('GET', `/api/files/by-id/${fileId}/download?format=txt&comments=include`)).status).toBe(404);
    expect((await owner.call('GET', `/api/files/by-id/${fileId}/download?format=txt&comments=all`)).status).toBe(400);
    expect((await owner.call('GET', '/api/files/search?q=Anchored')).body.items).toEqual([]);
    const content = JSON.stringify((await owner.call('POST', '/api/files/get', { fileId })).body.file.content);
    expect(content).not.toContain('Which wall?');
  });

  it("takes a Commenter's suggestion, shows it to everyone with access, and lets only the owner or an Editor decide", async () => {
    const proposal = { fileId, blockId: 'b1', baseText: TEXT, proposedText: 'The old harbour wall holds the sea.' };
    const made = await people.commenter!.call('POST', '/api/suggestions/propose', proposal);
    expect(made.status).toBe(200);
    expect(made.body.suggestion).toMatchObject({
      blockId: 'b1',
      baseText: TEXT,
      proposedText: proposal.proposedText,
      authorName: 'Cora Commenter',
      mine: true,
    });
    // Further edits of the same block replace the suggestion.
    const again = await people.commenter!.call('POST', '/api/suggestions/propose', { ...proposal, proposedText: 'The old harbour wall holds back the sea.' });
    expect(again.body.suggestion.id).toBe(made.body.suggestion.id);
    for (const [who, suggesting, canReview] of [
      [owner, false, true],
      [people.editor!, false, true],
      [people.commenter!, true, false],
      [people.viewer!, false, false],
    ] as const) {
      const list = await who.call('GET', `/api/suggestions/list/${fileId}`);
      expect(list.body).toMatchObject({ suggesting, canReview });
      expect(list.body.suggestions).toEqual([
        expect.objectContaining({ proposedText: 'The old harbour wall holds back the sea.', mine: who === people.commenter }),
      ]);
    }
    expect((await people.viewer!.call('POST', '/api/suggestions/propose', proposal)).body.error.code).toBe('role_refused');
    for (const who of [people.stranger!, people.removed!]) {
      expect((await who.call('GET', `/api/suggestions/list/${fileId}`)).status).toBe(404);
      expect((await who.call('POST', '/api/suggestions/propose', proposal)).status).toBe(404);
      const decide = await who.call('POST', '/api/suggestions/decide', { suggestionId: made.body.suggestion.id, baseText: 'x', proposedText: 'x' });
      expect(decide.status).toBe(404);
      expect(decide.body.error.code).toBe('suggestion_not_found');
    }
    const byCommenter = await people.commenter!.call('POST', '/api/suggestions/decide', {
      suggestionId: made.body.suggestion.id,
      baseText: 'x',
      proposedText: 'x',
    });
    expect(byCommenter.status).toBe(403);

    // The Editor accepts one change (the base moves), then rejects the rest (nothing is left).
    const partly = await people.editor!.call('POST', '/api/suggestions/decide', {
      suggestionId: made.body.suggestion.id,
      baseText: 'The old harbour wall holds the sea.',
      proposedText: 'The old harbour wall holds back the sea.',
    });
    expect(partly.body.suggestion).toMatchObject({ baseText: 'The old harbour wall holds the sea.', authorName: 'Cora Commenter', mine: false });
    const done = await owner.call('POST', '/api/suggestions/decide', {
      suggestionId: made.body.suggestion.id,
      baseText: 'The old harbour wall holds the sea.',
      proposedText: 'The old harbour wall holds the sea.',
    });
    expect(done.body.suggestion).toBeNull();
    expect((await owner.call('GET', `/api/suggestions/list/${fileId}`)).body.suggestions).toEqual([]);
    // The same text twice withdraws a suggestion.
    await people.commenter!.call('POST', '/api/suggestions/propose', proposal);
    expect((await people.commenter!.call('POST', '/api/suggestions/propose', { ...proposal, proposedText: TEXT })).body.suggestion).toBeNull();
    expect((await owner.call('GET', `/api/suggestions/list/${fileId}`)).body.suggestions).toEqual([]);
    // The document itself was never written by any of it.
    expect(JSON.stringify((await owner.call('POST', '/api/files/get', { fileId })).body.file.content)).not.toContain('old harbour');
  });

  it('answers bad input with 400 and a stable code', async () => {
    const empty = await people.commenter!.call('POST', '/api/comments/create', { fileId, anchor, body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('validation_failed');
    expect((await people.commenter!.call('POST', '/api/comments/create', { fileId, body: 'No anchor.' })).status).toBe(400);
    expect((await people.commenter!.call('POST', '/api/comments/reply', { threadId: 'nope', body: 'x'.repeat(4001) })).status).toBe(400);
    expect((await people.commenter!.call('POST', '/api/comments/reply', { threadId: 'nope', body: 'Hello' })).body.error.code).toBe('comment_not_found');
  });
});
