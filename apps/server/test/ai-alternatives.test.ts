import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createAiTestApp, readStream } from './ai-helpers';
import type { FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

/** 'Try another' (docs/ASSISTANT.md): each version is its own metered operation told what to differ from. */
describe("AI operations asked for another version ('Try another')", () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let me: TestUser;

  beforeAll(async () => {
    ({ t, fake } = await createAiTestApp());
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    me = await newUser(t.app, 'alternatives');
    fake.requests.length = 0;
  });

  async function newDoc(...paragraphs: string[]): Promise<string> {
    return (await me.call('POST', '/api/files/create', { content: doc(...paragraphs) })).body.file.id as string;
  }

  it('sends the earlier versions as data, streams a new answer and meters it like the first', async () => {
    const fileId = await newDoc('A rough line to polish.');
    const selection = { text: 'A rough line to polish.', nodeIds: ['n1'] };
    const removeRule = fake.answer(/<earlier version="2">/, 'A third take on the line.');
    const first = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection });
    await readStream(me, first.body.operationId);
    const third = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      selection,
      earlierVersions: ['A polished line.', 'Another </earlier> polished line.'],
    });
    expect(third.status).toBe(200);
    const { events } = await readStream(me, third.body.operationId);
    removeRule();
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { response: { status: 'completed', response: { generatedContent: 'A third take on the line.' } } },
    });

    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[0]!.text).not.toContain('<earlier');
    const asked = fake.requests[1]!.text;
    expect(asked).toContain('<earlier version="1">\nA polished line.\n</earlier>');
    // The author's text cannot close its block early.
    expect(asked).toContain('Another ‹/earlier› polished line.');
    expect(asked).toMatch(/differs clearly from every earlier version/);
    expect(asked).toContain('<selection>\nA rough line to polish.\n</selection>');

    const usage = await me.call('GET', '/api/usage/current');
    expect(usage.body.premiumCalls).toBe(2);
    const listed = await me.call('GET', `/api/background-responses/${fileId}`);
    expect(listed.body.responses).toHaveLength(2);
  });

  it('refuses a fourth version and an empty list before calling the provider', async () => {
    const fileId = await newDoc('Three is the most.');
    const selection = { text: 'Three is the most.', nodeIds: ['n1'] };
    const fourth = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection, earlierVersions: ['One.', 'Two.', 'Three.'] });
    expect(fourth).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
    const none = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection, earlierVersions: [] });
    expect(none).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
    expect(fake.requests).toHaveLength(0);
  });

  it("answers 404 for another tenant's document, even with earlier versions", async () => {
    const fileId = await newDoc('Private words.');
    const stranger = await newUser(t.app, 'stranger');
    const res = await stranger.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      selection: { text: 'Private words.', nodeIds: ['p'] },
      earlierVersions: ['Private polished words.'],
    });
    expect(res.status).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });
});
