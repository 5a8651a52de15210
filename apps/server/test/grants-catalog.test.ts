import type { DocumentRole } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/**
 * Every route of the catalog, asked by each kind of person about the owner's document (issue 42,
 * docs/SHARING.md "People"): whatever a route takes — an id in the path, the query or the body, a
 * thread, a comment, a suggestion, a version — it is given the owner's. Nobody without access learns
 * a word of the document or its discussion, and each role changes only what it names.
 */

const SECRET = 'Harbour plans nobody else may read.';
const COMMENT = 'A note on the plans.';
const PROPOSED = 'Harbour plans everybody may read.';

type Person = DocumentRole | 'removed' | 'stranger';

describe('the route catalog for each role on a shared document', () => {
  let t: TestApp;
  let owner: TestUser;
  let fileId: string;
  let ids: { versionId: string; threadId: string; commentId: string; suggestionId: string };
  const people: Partial<Record<Person, TestUser>> = {};
  const path = 'Harbour.txt';

  async function invited(role: DocumentRole, label: string): Promise<TestUser> {
    const person = await newUser(t.app, label);
    const invite = await owner.call('POST', '/api/grants/invite', { fileId, email: `${label}@example.com`, role });
    expect((await person.call('POST', `/api/grants/accept/${String(invite.body.link).split('/app/invite/')[1]}`)).status).toBe(200);
    return person;
  }

  /** What the owner's document and everything around it is now: compared before and after each person's sweep. */
  async function ownerView() {
    const file = (await owner.call('POST', '/api/files/get', { fileId })).body.file;
    const versions = (await owner.call('GET', `/api/versions/list?fileId=${fileId}`)).body.versions as unknown[];
    const grants = (await owner.call('GET', `/api/grants/people/${fileId}`)).body;
    const share = (await owner.call('GET', `/api/shares/status/${fileId}`)).body;
    const comments = (await owner.call('GET', `/api/comments/list/${fileId}`)).body.threads;
    const suggestions = (await owner.call('GET', `/api/suggestions/list/${fileId}`)).body.suggestions;
    const trash = (await owner.call('GET', '/api/files/trash')).body.items as unknown[];
    return {
      document: { name: file.name, revision: file.revision, content: JSON.stringify(file.content), isRepository: file.isRepository, metadata: file.metadata },
      versions: versions.length,
      grants,
      share,
      comments,
      suggestions,
      trash: trash.length,
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    owner = await newUser(t.app, 'catalog-owner');
    fileId = (
      await owner.call('POST', '/api/files/create', {
        filePath: path,
        content: { type: 'doc', content: [{ type: 'paragraph', attrs: { id: 'b1' }, content: [{ type: 'text', text: SECRET }] }] },
      })
    ).body.file.id;
    people.viewer = await invited('viewer', 'catalog-viewer');
    people.commenter = await invited('commenter', 'catalog-commenter');
    people.editor = await invited('editor', 'catalog-editor');
    people.removed = await invited('editor', 'catalog-removed');
    people.stranger = await newUser(t.app, 'catalog-stranger');
    const granted = (await owner.call('GET', `/api/grants/people/${fileId}`)).body.people as { granteeId: string }[];
    // The last one invited is the one removed.
    expect((await owner.call('POST', '/api/grants/remove', { fileId, granteeId: granted.at(-1)!.granteeId })).body.changed).toBe(true);
    const versionId = (await owner.call('POST', '/api/versions/create', { fileId, reason: 'manual' })).body.version.id;
    const thread = (
      await people.commenter.call('POST', '/api/comments/create', { fileId, anchor: { blockId: 'b1', start: 0, end: 7, quote: 'Harbour' }, body: COMMENT })
    ).body.thread;
    const suggestion = (await people.commenter.call('POST', '/api/suggestions/propose', { fileId, blockId: 'b1', baseText: SECRET, proposedText: PROPOSED }))
      .body.suggestion;
    ids = { versionId, threadId: thread.id, commentId: thread.comments[0].id, suggestionId: suggestion.id };
  });
  afterAll(() => t.close());

  /** Every route of the catalog but the caller's own account's (deleting it, signing it out, its profile) and the administrator's, each filled with the owner's ids. */
  function requests(caller: TestUser): { method: string; url: string; body: unknown }[] {
    const fill = (url: string) =>
      url.replace(/:([A-Za-z]+)/g, (_all, name: string) => {
        if (name === 'tenant' || name === 'tenantId') return caller.sub;
        if (name === 'path') return encodeURIComponent(path);
        return fileId;
      });
    const query = `?fileId=${fileId}&versionId=${ids.versionId}&documentId=${fileId}&q=Harbour`;
    const body = {
      fileId,
      fileIds: [fileId],
      documentId: fileId,
      filePath: path,
      oldFilePath: path,
      newFilePath: 'Taken.txt',
      versionId: ids.versionId,
      threadId: ids.threadId,
      commentId: ids.commentId,
      suggestionId: ids.suggestionId,
      content: doc('Overwritten.'),
      baseRevision: 1,
      operationId: `catalog-${caller.sub}`,
      reason: 'manual',
      name: 'Taken',
      anchor: null,
      body: 'Taken.',
      resolved: true,
      blockId: 'b1',
      baseText: SECRET,
      proposedText: SECRET,
      email: 'someone@example.com',
      role: 'editor',
      granteeId: caller.sub,
      metadata: { authenticity: 'AI' },
      isRepository: true,
      authenticity: 'AI',
      sessionId: 'catalog-window',
      action: 'enhance',
      text: 'x',
    };
    return t.app.routeCatalog
      .filter(
        (r) => r.url.startsWith('/api/') && !r.public && !r.url.startsWith('/api/account') && !r.url.startsWith('/api/admin') && r.url !== '/api/users/profile',
      )
      .map((r) => ({
        method: r.method,
        url: `${fill(r.url)}${r.method === 'GET' || r.method === 'DELETE' ? query : ''}`,
        body: r.method === 'GET' || r.method === 'DELETE' ? undefined : body,
      }));
  }

  async function sweep(who: Person) {
    const caller = people[who]!;
    const answers: { route: string; status: number; text: string }[] = [];
    for (const r of requests(caller)) {
      const res = await caller.call(r.method as 'GET', r.url, r.body);
      answers.push({ route: `${r.method} ${r.url}`, status: res.status, text: JSON.stringify(res.body) });
    }
    // Never a server error, whatever a route was given.
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503).map((a) => a.route)).toEqual([]);
    return answers;
  }

  for (const who of ['stranger', 'removed'] as const) {
    it(`tells ${who === 'stranger' ? 'someone never invited' : 'a removed person'} nothing of the document and lets them change nothing`, async () => {
      const before = await ownerView();
      const answers = await sweep(who);
      // (The owner's file name is not among the words: the sweep's own 'create' makes the caller a 'Harbour.txt' of their own.)
      const leaks = answers.filter((a) => [SECRET, COMMENT, PROPOSED].some((words) => a.text.includes(words)));
      expect(leaks.map((a) => a.route)).toEqual([]);
      // A route that names the document answers as if there were none.
      for (const route of [
        'POST /api/files/get',
        `GET /api/comments/list/${fileId}`,
        `GET /api/suggestions/list/${fileId}`,
        `GET /api/grants/access/${fileId}`,
      ]) {
        expect(answers.find((a) => a.route.startsWith(route))?.status, route).toBe(404);
      }
      expect(await ownerView()).toEqual(before);
    });
  }

  it('lets a Viewer read the document and its discussion, and change nothing', async () => {
    const before = await ownerView();
    const answers = await sweep('viewer');
    expect(answers.find((a) => a.route === 'POST /api/files/get')?.text).toContain(SECRET);
    expect(answers.find((a) => a.route.startsWith('GET /api/comments/list/'))?.text).toContain(COMMENT);
    expect(await ownerView()).toEqual(before);
  });

  it('lets a Commenter comment and suggest, and change nothing of the document, its versions, its people or its sharing', async () => {
    const before = await ownerView();
    await sweep('commenter');
    const after = await ownerView();
    expect({ ...after, comments: null, suggestions: null }).toEqual({ ...before, comments: null, suggestions: null });
    // What they wrote is theirs to change: the catalog deleted the first comment of their thread (so the
    // thread) and withdrew their suggestion (its `proposedText` is the text itself).
    expect(before.comments.map((c: { id: string }) => c.id)).toContain(ids.threadId);
    expect(after.comments).toEqual([]);
    expect(after.suggestions).toEqual([]);
  });

  it('lets an Editor write the text and keep versions, and nothing an owner alone does', async () => {
    const before = await ownerView();
    await sweep('editor');
    const after = await ownerView();
    expect(after.document.content).toContain('Overwritten.');
    // Not its name, its trash, its people or its public link.
    expect({ name: after.document.name, grants: after.grants, share: after.share, trash: after.trash }).toEqual({
      name: before.document.name,
      grants: before.grants,
      share: before.share,
      trash: before.trash,
    });
  });
});
