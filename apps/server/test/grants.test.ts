import type { DocumentRole } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from './api-client';
import { INVITATION_TTL_MS } from '../src/modules/grants/grants.service';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** Sharing a document with people (issue 42 item 1, docs/SHARING.md "People"): each role over the document routes. */
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

describe('document grants', () => {
  let t: TestApp;
  let owner: TestUser;
  let fileId: string;
  const people: Partial<Record<DocumentRole | 'stranger' | 'removed', TestUser>> = {};

  /** Invites a fresh account with `role` through a copyable link (no SMTP_URL in tests) and accepts it. */
  async function invited(role: DocumentRole, label: string): Promise<TestUser> {
    const person = await newUser(t.app, label);
    const invite = await owner.call('POST', '/api/grants/invite', { fileId, email: `${label}@example.com`, role });
    expect(invite.status).toBe(200);
    expect(invite.body.mailed).toBe(false);
    const token = String(invite.body.link).split('/app/invite/')[1]!;
    const accepted = await person.call('POST', `/api/grants/accept/${token}`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ fileId, name: 'Plans', role, ownerName: 'Olive Owner' });
    return person;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    owner = await newUser(t.app, 'grant-owner');
    expect((await owner.call('PUT', '/api/users/profile', { email: 'olive@example.com', name: 'Olive Owner' })).status).toBe(200);
    fileId = (await owner.call('POST', '/api/files/create', { filePath: 'Plans', content: doc('First words.'), metadata: { notes: 'Only mine.' } })).body.file
      .id;
    people.viewer = await invited('viewer', 'grant-viewer');
    people.commenter = await invited('commenter', 'grant-commenter');
    people.editor = await invited('editor', 'grant-editor');
    people.removed = await invited('editor', 'grant-removed');
    people.stranger = await newUser(t.app, 'grant-stranger');
  });
  afterAll(() => t.close());

  const revision = async () => (await owner.call('POST', '/api/files/get', { fileId })).body.file.revision as number;

  it('lets every grantee read the document by id; a stranger gets the same 404 as for a missing document', async () => {
    for (const role of ['viewer', 'commenter', 'editor'] as const) {
      const read = await people[role]!.call('POST', '/api/files/get', { fileId });
      expect(read.status).toBe(200);
      expect(read.body.file.contentText ?? JSON.stringify(read.body.file.content)).toContain('First words.');
      expect((await people[role]!.call('GET', `/api/grants/access/${fileId}`)).body.role).toBe(role);
      // The owner's private notes stay the owner's.
      expect(read.body.file.metadata.notes).toBeUndefined();
    }
    expect((await owner.call('POST', '/api/files/get', { fileId })).body.file.metadata.notes).toBe('Only mine.');
    const stranger = await people.stranger!.call('POST', '/api/files/get', { fileId });
    const missing = await people.stranger!.call('POST', '/api/files/get', { fileId: 'no-such-file' });
    expect(stranger.status).toBe(404);
    expect(stranger.body.error.code).toBe('file_not_found');
    expect(JSON.stringify(stranger.body)).toBe(JSON.stringify(missing.body).replace('no-such-file', fileId));
    expect((await people.stranger!.call('GET', `/api/grants/access/${fileId}`)).status).toBe(404);
  });

  it('lets every grantee and the owner export the document by id; a stranger gets 404', async () => {
    for (const who of [owner, people.viewer!, people.commenter!, people.editor!]) {
      const exported = await who.call('GET', `/api/files/by-id/${fileId}/download?format=md`);
      expect(exported.status).toBe(200);
      expect(String(exported.body)).toContain('First words.');
    }
    const refused = await people.stranger!.call('GET', `/api/files/by-id/${fileId}/download?format=md`);
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('file_not_found');
  });

  it('lets an Editor save through the revision check; a Viewer and a Commenter are refused with role_refused, a stranger 404', async () => {
    const base = await revision();
    const saved = await people.editor!.call('POST', '/api/files/content-only-update', {
      fileId,
      content: doc('Edited by a guest.'),
      baseRevision: base,
      operationId: 'grant-save-1',
    });
    expect(saved.status).toBe(200);
    expect(await revision()).toBe(base + 1);
    const stale = await people.editor!.call('POST', '/api/files/content-only-update', {
      fileId,
      content: doc('Stale.'),
      baseRevision: base,
      operationId: 'grant-save-2',
    });
    expect(stale.status).toBe(409);
    for (const role of ['viewer', 'commenter'] as const) {
      const refused = await people[role]!.call('POST', '/api/files/content-only-update', {
        fileId,
        content: doc('No.'),
        baseRevision: base + 1,
        operationId: `grant-save-${role}`,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('role_refused');
    }
    const stranger = await people.stranger!.call('POST', '/api/files/content-only-update', {
      fileId,
      content: doc('No.'),
      baseRevision: base + 1,
      operationId: 'grant-save-x',
    });
    expect(stranger.status).toBe(404);
    expect(JSON.stringify((await owner.call('POST', '/api/files/get', { fileId })).body.file.content)).toContain('Edited by a guest.');
  });

  it('lets an Editor keep a version (the conflict choice does); a Viewer and a Commenter are refused, a stranger 404', async () => {
    const kept = await people.editor!.call('POST', '/api/versions/create', { fileId, reason: 'conflict', content: doc('The text not taken.') });
    expect(kept.status).toBe(200);
    expect(kept.body.version).toMatchObject({ reason: 'conflict' });
    // The version is the owner's, in the owner's history.
    const history = await owner.call('GET', `/api/versions/list?fileId=${fileId}`);
    expect(history.body.versions.map((v: { id: string }) => v.id)).toContain(kept.body.version.id);
    for (const role of ['viewer', 'commenter'] as const) {
      const refused = await people[role]!.call('POST', '/api/versions/create', { fileId, reason: 'conflict', content: doc('No.') });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('role_refused');
    }
    expect((await people.stranger!.call('POST', '/api/versions/create', { fileId, reason: 'conflict', content: doc('No.') })).status).toBe(404);
    // Reading or restoring the history stays the owner's.
    expect((await people.editor!.call('GET', `/api/versions/list?fileId=${fileId}`)).status).toBe(404);
  });

  it('keeps owner-only actions to the owner: an Editor cannot invite, list people, share publicly, delete or convert', async () => {
    const editor = people.editor!;
    expect((await editor.call('POST', '/api/grants/invite', { fileId, email: 'x@example.com', role: 'editor' })).status).toBe(403);
    expect((await editor.call('GET', `/api/grants/people/${fileId}`)).status).toBe(403);
    expect((await editor.call('POST', '/api/grants/remove', { fileId, granteeId: people.viewer!.sub })).status).toBe(403);
    expect((await editor.call('POST', '/api/shares/create', { fileId })).status).toBe(404);
    expect((await editor.call('POST', '/api/files/bulk-delete', { fileIds: [fileId] })).body.deleted).toEqual([]);
    expect((await editor.call('POST', '/api/workspaces/convert', { fileId })).status).toBe(404);
    expect((await owner.call('POST', '/api/files/get', { fileId })).status).toBe(200);
  });

  it('lists the people with access for the owner, and the documents shared with a grantee with the owner’s name', async () => {
    const list = await owner.call('GET', `/api/grants/people/${fileId}`);
    expect(list.status).toBe(200);
    expect(list.body.people.map((p: { granteeId: string; role: string }) => [p.granteeId, p.role])).toEqual([
      [people.viewer!.sub, 'viewer'],
      [people.commenter!.sub, 'commenter'],
      [people.editor!.sub, 'editor'],
      [people.removed!.sub, 'editor'],
    ]);
    const shared = await people.viewer!.call('GET', '/api/grants/shared-with-me');
    expect(shared.body.documents).toEqual([expect.objectContaining({ id: fileId, name: 'Plans', ownerName: 'Olive Owner', role: 'viewer' })]);
    expect((await people.stranger!.call('GET', '/api/grants/shared-with-me')).body.documents).toEqual([]);
    // 'Shared with me' is apart from the caller's own list.
    const own = await people.viewer!.call('GET', '/api/files/list-paged?limit=50');
    expect(JSON.stringify(own.body)).not.toContain(fileId);
  });

  it('refuses a removed person at once, and a lowered role at once', async () => {
    expect((await people.removed!.call('POST', '/api/files/get', { fileId })).status).toBe(200);
    expect((await owner.call('POST', '/api/grants/remove', { fileId, granteeId: people.removed!.sub })).body.changed).toBe(true);
    const gone = await people.removed!.call('POST', '/api/files/get', { fileId });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('file_not_found');
    expect((await people.removed!.call('GET', '/api/grants/shared-with-me')).body.documents).toEqual([]);

    expect((await owner.call('POST', '/api/grants/role', { fileId, granteeId: people.editor!.sub, role: 'viewer' })).body.changed).toBe(true);
    const lowered = await people.editor!.call('POST', '/api/files/content-only-update', {
      fileId,
      content: doc('No.'),
      baseRevision: await revision(),
      operationId: 'grant-save-lowered',
    });
    expect(lowered.status).toBe(403);
  });

  it('uses an invitation once, and answers an unknown one like a used one', async () => {
    const invite = await owner.call('POST', '/api/grants/invite', { fileId, email: 'once@example.com', role: 'viewer' });
    const token = String(invite.body.link).split('/app/invite/')[1]!;
    const pending = await owner.call('GET', `/api/grants/people/${fileId}`);
    expect(pending.body.pending).toEqual([expect.objectContaining({ email: 'once@example.com', role: 'viewer' })]);
    const first = await newUser(t.app, 'grant-first');
    expect((await first.call('POST', `/api/grants/accept/${token}`)).status).toBe(200);
    const again = await newUser(t.app, 'grant-second');
    const used = await again.call('POST', `/api/grants/accept/${token}`);
    const unknown = await again.call('POST', '/api/grants/accept/not-a-token');
    expect(used.status).toBe(404);
    expect(used.body.error.code).toBe('invitation_not_found');
    expect(unknown.body).toEqual(used.body);
    expect((await again.call('POST', '/api/files/get', { fileId })).status).toBe(404);
  });

  it('replaces an address’s earlier invitation when it is invited again: one row, and only the new link works', async () => {
    const earlier = await owner.call('POST', '/api/grants/invite', { fileId, email: 'twice@example.com', role: 'viewer' });
    const later = await owner.call('POST', '/api/grants/invite', { fileId, email: 'Twice@Example.com', role: 'editor' });
    const pending = (await owner.call('GET', `/api/grants/people/${fileId}`)).body.pending as { email: string; role: string }[];
    expect(pending.filter((p) => p.email === 'twice@example.com')).toEqual([expect.objectContaining({ role: 'editor' })]);
    const person = await newUser(t.app, 'grant-twice');
    const tokenOf = (answer: { body: { link: unknown } }) => String(answer.body.link).split('/app/invite/')[1]!;
    expect((await person.call('POST', `/api/grants/accept/${tokenOf(earlier)}`)).status).toBe(404);
    const accepted = await person.call('POST', `/api/grants/accept/${tokenOf(later)}`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.role).toBe('editor');
  });

  it('refuses an invitation to another tenant’s document, a trashed document’s grants and a bad role', async () => {
    expect((await people.stranger!.call('POST', '/api/grants/invite', { fileId, email: 'x@example.com', role: 'viewer' })).status).toBe(404);
    expect((await owner.call('POST', '/api/grants/invite', { fileId, email: 'x@example.com', role: 'owner' })).status).toBe(400);
    expect((await owner.call('POST', '/api/grants/invite', { fileId, email: 'olive@example.com', role: 'viewer' })).body.error.code).toBe('self_invite');
    expect((await owner.call('POST', '/api/files/bulk-delete', { fileIds: [fileId] })).status).toBe(200);
    expect((await people.viewer!.call('POST', '/api/files/get', { fileId })).status).toBe(404);
    expect((await people.viewer!.call('GET', '/api/grants/shared-with-me')).body.documents).toEqual([]);
  });
});

describe('an invitation past its 7 days', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await createTestApp({}, { now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  it('is refused like a used one, and the hourly sweep deletes it', async () => {
    const owner = await newUser(t.app, 'expiry-owner');
    const fileId = (await owner.call('POST', '/api/files/create', { filePath: 'Old plans', content: doc('Words.') })).body.file.id;
    const first = await owner.call('POST', '/api/grants/invite', { fileId, email: 'late@example.com', role: 'viewer' });
    const second = await owner.call('POST', '/api/grants/invite', { fileId, email: 'later@example.com', role: 'viewer' });
    const token = (answer: { body: { link: string } }) => answer.body.link.split('/app/invite/')[1]!;
    clock += INVITATION_TTL_MS + 1000;
    const guest = await newUser(t.app, 'expiry-guest');
    const late = await guest.call('POST', `/api/grants/accept/${token(first)}`);
    expect(late.status).toBe(404);
    expect(late.body.error.code).toBe('invitation_not_found');
    expect(await t.services.grants.sweepInvitations()).toBeGreaterThanOrEqual(1);
    expect((await owner.call('GET', `/api/grants/people/${fileId}`)).body.pending).toEqual([]);
    expect((await guest.call('POST', `/api/grants/accept/${token(second)}`)).status).toBe(404);
    expect((await guest.call('POST', '/api/files/get', { fileId })).status).toBe(404);
  });
});

describe('workspace-wide grants', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('reaches the master and every variant, made before or after the grant; a document grant reaches the master alone', async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
    const owner = await newUser(t.app, 'ws-owner');
    const masterId = (await owner.call('POST', '/api/files/create', { filePath: 'Launch', content: doc('Master words.') })).body.file.id;
    expect((await owner.call('POST', '/api/workspaces/convert', { fileId: masterId })).status).toBe(200);
    const before = (await owner.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' })).body.variantId as string;
    const join = async (label: string, scope: 'document' | 'workspace') => {
      const person = await newUser(t.app, label);
      const invite = await owner.call('POST', '/api/grants/invite', { fileId: masterId, email: `${label}@example.com`, role: 'viewer', scope });
      expect((await person.call('POST', `/api/grants/accept/${String(invite.body.link).split('/app/invite/')[1]}`)).status).toBe(200);
      return person;
    };
    const whole = await join('ws-whole', 'workspace');
    const single = await join('ws-single', 'document');
    const after = (await owner.call('POST', `/api/workspaces/${masterId}/variants`, { type: 'duplicate' })).body.variantId as string;

    for (const id of [masterId, before, after]) {
      const read = await whole.call('POST', '/api/files/get', { fileId: id });
      expect(read.status, id).toBe(200);
      expect(JSON.stringify(read.body.file.content)).toContain('Master words.');
      expect((await whole.call('GET', `/api/grants/access/${id}`)).body.role).toBe('viewer');
    }
    expect((await whole.call('GET', '/api/grants/shared-with-me')).body.documents.map((d: { id: string }) => d.id).sort()).toEqual(
      [masterId, before, after].sort(),
    );
    // The role's limits hold on the variants too.
    const refused = await whole.call('POST', '/api/files/content-only-update', {
      fileId: after,
      content: doc('No.'),
      baseRevision: 1,
      operationId: 'ws-save-1',
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);

    expect((await single.call('POST', '/api/files/get', { fileId: masterId })).status).toBe(200);
    for (const id of [before, after]) expect((await single.call('POST', '/api/files/get', { fileId: id })).status).toBe(404);
    expect((await single.call('GET', '/api/grants/shared-with-me')).body.documents.map((d: { id: string }) => d.id)).toEqual([masterId]);
    const people = (await owner.call('GET', `/api/grants/people/${masterId}`)).body.people as { scope: string }[];
    expect(people.map((p) => p.scope).sort()).toEqual(['document', 'workspace']);
    // A variant's People list names the whole-workspace guest too, as the master's (changed there), and a
    // grant of the variant's own, which decides over it, once.
    type Person = { granteeId: string; role: string; scope: string; throughWorkspace: boolean };
    const peopleOf = async (id: string) => (await owner.call('GET', `/api/grants/people/${id}`)).body.people as Person[];
    const onVariant = await peopleOf(after);
    expect(onVariant.map((p) => [p.role, p.scope, p.throughWorkspace])).toEqual([['viewer', 'workspace', true]]);
    expect((await owner.call('POST', '/api/grants/remove', { fileId: after, granteeId: onVariant[0]!.granteeId })).body.changed).toBe(false);
    expect((await whole.call('POST', '/api/files/get', { fileId: after })).status).toBe(200);
    const invite = await owner.call('POST', '/api/grants/invite', { fileId: after, email: 'ws-whole@example.com', role: 'editor', scope: 'document' });
    expect((await whole.call('POST', `/api/grants/accept/${String(invite.body.link).split('/app/invite/')[1]}`)).status).toBe(200);
    expect((await peopleOf(after)).map((p) => [p.role, p.scope, p.throughWorkspace])).toEqual([['editor', 'document', false]]);
    expect((await peopleOf(masterId)).every((p) => !p.throughWorkspace)).toBe(true);
    expect((await peopleOf(before)).map((p) => p.throughWorkspace)).toEqual([true]);
    // Who may be @mentioned is who has access: on a variant, the whole-workspace guest and not the master-only one.
    for (const [who, label] of [
      [whole, 'Wendy Whole'],
      [single, 'Sid Single'],
      [owner, 'Olga Owner'],
    ] as const) {
      expect((await who.call('PUT', '/api/users/profile', { email: `${label.split(' ')[0]!.toLowerCase()}@example.com`, name: label })).status).toBe(200);
    }
    const mentionable = async (fileId: string) =>
      ((await owner.call('GET', `/api/comments/list/${fileId}`)).body.mentionable as { name: string }[]).map((p) => p.name).sort();
    expect(await mentionable(after)).toEqual(['Wendy Whole']);
    expect(await mentionable(masterId)).toEqual(['Sid Single', 'Wendy Whole']);
    expect(((await whole.call('GET', `/api/comments/list/${after}`)).body.mentionable as { name: string }[]).map((p) => p.name)).toEqual(['Olga Owner']);
  });
});
