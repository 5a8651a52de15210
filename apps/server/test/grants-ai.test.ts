import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createAiTestApp, readStream } from './ai-helpers';
import { DEFAULT_CHUNKS, type FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

/** The assistant on a shared document (issue 42 item 1): an Editor may run it, metered to the Editor; nobody else. */
describe('AI on a document shared with people', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let owner: TestUser;
  let fileId: string;

  beforeAll(async () => {
    ({ t, fake } = await createAiTestApp());
    await resetDatabase(t.database);
    owner = await newUser(t.app, 'ai-owner');
    fileId = (await owner.call('POST', '/api/files/create', { content: doc('The owner wrote this rough paragraph.') })).body.file.id;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  async function invited(role: 'viewer' | 'commenter' | 'editor'): Promise<TestUser> {
    const person = await newUser(t.app, `ai-${role}`);
    const invite = await owner.call('POST', '/api/grants/invite', { fileId, email: `ai-${role}@example.com`, role });
    expect((await person.call('POST', `/api/grants/accept/${String(invite.body.link).split('/app/invite/')[1]}`)).status).toBe(200);
    return person;
  }

  const enhance = (who: TestUser) =>
    who.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'rough paragraph', nodeIds: ['n1'] } });

  it('lets an Editor enhance the owner’s words, reading the owner’s document, metered to the Editor alone', async () => {
    const editor = await invited('editor');
    const ownerBefore = (await owner.call('GET', '/api/usage/current')).body;
    const started = await enhance(editor);
    expect(started.status).toBe(200);
    const { events } = await readStream(editor, started.body.operationId);
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(DEFAULT_CHUNKS.join(''));
    // The provider was given the owner's document around the selection.
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('The owner wrote this');
    const editorUsage = (await editor.call('GET', '/api/usage/current')).body;
    expect(editorUsage.premiumCalls).toBe(1);
    expect(editorUsage.reserved).toBe(0);
    expect((await owner.call('GET', '/api/usage/current')).body).toEqual(ownerBefore);
    // The owner never sees the Editor's operation.
    expect((await owner.call('GET', `/api/ai/operations/${started.body.operationId}/stream`)).status).toBe(404);
  });

  it('refuses a Viewer and a Commenter (403 role_refused) and someone never invited (404), with nothing metered', async () => {
    for (const role of ['viewer', 'commenter'] as const) {
      const person = await invited(role);
      const refused = await enhance(person);
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('role_refused');
      expect((await person.call('GET', '/api/usage/current')).body).toMatchObject({ premiumCalls: 0, reserved: 0 });
    }
    const stranger = await newUser(t.app, 'ai-stranger');
    const missing = await enhance(stranger);
    expect(missing.status).toBe(404);
    expect((await stranger.call('GET', '/api/usage/current')).body).toMatchObject({ premiumCalls: 0, reserved: 0 });
  });
});
