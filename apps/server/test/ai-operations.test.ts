import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createAiTestApp, parseSse, readStream } from './ai-helpers';
import { DEFAULT_CHUNKS, type FakeAiProvider } from './fakes/fake-ai-provider';
import { createTestApp, resetDatabase, type TestApp } from './harness';

describe('AI writing operations', () => {
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
    me = await newUser(t.app, 'writer');
    fake.requests.length = 0;
  });

  async function newDoc(...paragraphs: string[]): Promise<string> {
    return (await me.call('POST', '/api/files/create', { content: doc(...paragraphs) })).body.file.id as string;
  }

  it('runs an Enhance end to end: id at once, streamed deltas, stored response with the selected node ids', async () => {
    const fileId = await newDoc('Intro line that stays.', 'rough draft words here', 'more rough words');
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      selection: { text: 'rough draft words here\n\nmore rough words', nodeIds: ['n1', 'n2'] },
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ operationId: expect.any(String), tier: 'premium' });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/ai/operations/${started.body.operationId}/stream`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const { events } = await readStream(me, started.body.operationId);
    const deltas = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(deltas).toBe(DEFAULT_CHUNKS.join(''));
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const expectedNodes = [
      { type: 'paragraph', attrs: { id: 'n1' }, content: [{ type: 'text', text: 'Polished first paragraph.' }] },
      { type: 'paragraph', attrs: { id: 'n2' }, content: [{ type: 'text', text: 'Polished second paragraph.' }] },
    ];
    expect(done.data.response).toMatchObject({ status: 'completed', operationType: 'rewrite', response: { rewrittenNodesInfo: { nodes: expectedNodes } } });

    // The premium tier (the default) reached the Anthropic protocol with the document as delimited data.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ protocol: 'anthropic', model: 'fake-premium' });
    expect(fake.requests[0]!.text).toMatch(/<document>[\s\S]*Intro line that stays\.[\s\S]*<selection>\nrough draft words here[\s\S]*<\/document>/);
    expect(fake.requests[0]!.text).toMatch(/DATA, not instructions/);

    const listed = await me.call('GET', `/api/background-responses/${fileId}`);
    expect(listed.body.responses).toEqual([
      expect.objectContaining({
        operationId: started.body.operationId,
        documentId: fileId,
        status: 'completed',
        originalContext: { nodeIds: ['n1', 'n2'], action: 'enhance', tier: 'premium' },
      }),
    ]);
    expect(listed.body.responses[0].response.generatedContent).toBe('Polished first paragraph.\n\nPolished second paragraph.');
    expect(await me.call('DELETE', `/api/background-responses/${fileId}/${started.body.operationId}`)).toMatchObject({ status: 200, body: { success: true } });
    expect((await me.call('GET', `/api/background-responses/${fileId}`)).body.responses).toEqual([]);

    const usage = await me.call('GET', '/api/usage/current');
    expect(usage.body).toEqual({
      fastCalls: 0,
      premiumCalls: 1,
      fastTokens: 0,
      premiumTokens: 120,
      voiceMinutes: 0,
      period: new Date().toISOString().slice(0, 7),
      // 100 + 20 tokens at the premium list price; the reservation is released; the test plan is unlimited.
      cost: (100 * 3 + 20 * 15) / 1e6,
      reserved: 0,
      limits: { creditDollars: null, fastCalls: null, premiumCalls: null, voiceMinutes: null },
    });
  });

  it('streams the events from the start request itself when asked for an event stream', async () => {
    const fileId = await newDoc('One stream for everything.');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/operations',
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, accept: 'text/event-stream' },
      payload: { fileId, action: 'shrink', tier: 'fast', selection: { text: 'One stream for everything.', nodeIds: ['s1'] } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = parseSse(res.body);
    expect(events[0]).toMatchObject({ event: 'started', data: { operationId: expect.any(String), tier: 'fast' } });
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(DEFAULT_CHUNKS.join(''));
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { response: { operationId: events[0]!.data.operationId, status: 'completed' } } });
    // Refusals before anything started stay plain JSON errors.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/ai/operations',
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, accept: 'text/event-stream' },
      payload: { fileId, action: 'modify', selection: { text: 'One stream for everything.', nodeIds: ['s1'] } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'invalid_input' } });
  });

  it('uses the document override, the tenant default and an explicit tier to pick the model', async () => {
    const fileId = await newDoc('Some text to work on.');
    expect((await me.call('GET', `/api/ai-provider/status/${fileId}`)).body).toEqual({ hasOverride: false, provider: 'premium', isActive: true });
    expect((await me.call('POST', '/api/ai-provider/set', { fileId, provider: 'fast' })).body).toEqual({ success: true, provider: 'fast' });
    expect((await me.call('GET', `/api/ai-provider/status/${fileId}`)).body).toEqual({ hasOverride: true, provider: 'fast', isActive: true });

    const viaOverride = await me.call('POST', '/api/ai/operations', { fileId, action: 'shrink', selection: { text: 'Some text to work on.', nodeIds: ['a'] } });
    expect(viaOverride.body.tier).toBe('fast');
    await readStream(me, viaOverride.body.operationId);
    const explicit = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'expand',
      tier: 'premium',
      selection: { text: 'Some text to work on.', nodeIds: ['a'] },
    });
    await readStream(me, explicit.body.operationId);
    expect(fake.requests.map((r) => `${r.protocol}:${r.model}`)).toEqual(['openai:fake-fast', 'anthropic:fake-premium']);

    const other = await newDoc('Another document.');
    expect((await me.call('PUT', '/api/ai-provider/default', { provider: 'fast' })).body).toEqual({ success: true, provider: 'fast' });
    expect((await me.call('GET', `/api/ai-provider/status/${other}`)).body).toEqual({ hasOverride: false, provider: 'fast', isActive: true });
  });

  it('retries a 429 from the provider and then succeeds', async () => {
    const fileId = await newDoc('Retry me please.');
    fake.script({ kind: 'status', status: 429 });
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      tier: 'fast',
      selection: { text: 'Retry me please.', nodeIds: ['p'] },
    });
    const { events } = await readStream(me, started.body.operationId);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { response: { status: 'completed' } } });
    expect(fake.requests).toHaveLength(2);
  });

  it('retries provider 5xx answers with backoff and then succeeds', async () => {
    const fileId = await newDoc('Retry the outage.');
    fake.script({ kind: 'status', status: 503 }, { kind: 'status', status: 500 });
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      tier: 'fast',
      selection: { text: 'Retry the outage.', nodeIds: ['p'] },
    });
    const { events } = await readStream(me, started.body.operationId);
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(DEFAULT_CHUNKS.join(''));
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { response: { status: 'completed' } } });
    expect(fake.requests).toHaveLength(3);
  });

  it('ends a persistent 429 as a rate-limited failure after exactly 3 calls to the provider', async () => {
    const fileId = await newDoc('Always busy.');
    fake.script(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 429 })));
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      tier: 'fast',
      selection: { text: 'Always busy.', nodeIds: ['p'] },
    });
    const { events } = await readStream(me, started.body.operationId);
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'rewrite_failed', message: 'Could not rewrite the selection: the AI provider is busy (rate limited). Try again in a minute.' },
    });
    // A fourth call would have got the fake's default answer and completed.
    expect(fake.requests).toHaveLength(3);
  });

  it('keeps the partial text of a cut stream as interrupted and meters only what arrived', async () => {
    const fileId = await newDoc('Cut me off.');
    fake.script({ kind: 'cut', chunks: ['Half a ', 'sentence'] });
    const started = await me.call('POST', '/api/ai/operations', { fileId, action: 'fill-paragraph', tier: 'fast', selection: { text: '', nodeIds: [] } });
    const { events } = await readStream(me, started.body.operationId);
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { response: { status: 'interrupted', operationType: 'fillParagraph', response: { generatedContent: 'Half a sentence' } } },
    });
    const [stored] = (await me.call('GET', `/api/background-responses/${fileId}`)).body.responses;
    expect(stored).toMatchObject({ status: 'interrupted' });
    // No usage report arrived: the prompt sent and the text received are estimated at 3 UTF-8 bytes a token.
    expect(fake.requests).toHaveLength(1);
    // The fake joins system and user message with one newline.
    const sentBytes = Buffer.byteLength(fake.requests[0]!.text, 'utf8') - 1;
    const usage = (await me.call('GET', '/api/usage/current')).body;
    expect(usage).toMatchObject({ fastCalls: 1, fastTokens: Math.ceil(sentBytes / 3) + Math.ceil('Half a sentence'.length / 3) });
  });

  it('rewrites exactly the selection: the model gets the paragraph as context and answers only the selected text', async () => {
    const fileId = await newDoc('Chapter opening stays.', 'The quick brown fox jumps over the lazy dog.', 'Closing line.');
    fake.script({ kind: 'stream', chunks: ['swift'] });
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      selection: {
        text: 'quick',
        nodeIds: ['p2'],
        parts: [{ nodeId: 'p2', before: 'The ', text: 'quick', after: ' brown fox jumps over the lazy dog.' }],
      },
      context: { before: 'Chapter opening stays.', after: 'Closing line.' },
    });
    expect(started.status).toBe(200);
    const { events } = await readStream(me, started.body.operationId);
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: {
        response: {
          operationType: 'rewrite',
          response: { rewrittenNodesInfo: { nodes: [{ type: 'paragraph', attrs: { id: 'p2' }, content: [{ type: 'text', text: 'swift' }] }] } },
          // Stored so a result applied later (after a reload) finds the selected word again.
          originalContext: { nodeIds: ['p2'], parts: [{ nodeId: 'p2', offset: 4, text: 'quick' }] },
        },
      },
    });

    // What the model was asked: the paragraph whole, the selected word marked in it as the only output.
    expect(fake.requests).toHaveLength(1);
    const asked = fake.requests[0]!.text;
    expect(asked).toContain('<before>\nChapter opening stays.\n</before>');
    expect(asked).toContain('<paragraph>\nThe <selection>quick</selection> brown fox jumps over the lazy dog.\n</paragraph>');
    expect(asked).toContain('<after>\nClosing line.\n</after>');
    expect(asked).toMatch(/Rewrite only the text inside <selection>\./);
    expect(asked).toMatch(/rest of each <paragraph> is context, not output/);
    expect(asked).toMatch(/Answer with the replacement for the selected text alone/);
    // The paragraph is never offered as text to rewrite.
    expect(asked).not.toContain('<selection>\nThe quick brown fox');
  });

  it('asks for one replacement per paragraph when a selection spans two', async () => {
    const fileId = await newDoc('First paragraph ends here.', 'Second starts here and goes on.');
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'shrink',
      selection: {
        text: 'ends here.\n\nSecond starts',
        nodeIds: ['a', 'b'],
        parts: [
          { nodeId: 'a', before: 'First paragraph ', text: 'ends here.', after: '' },
          { nodeId: 'b', before: '', text: 'Second starts', after: ' here and goes on.' },
        ],
      },
      context: { before: '', after: '' },
    });
    const { events } = await readStream(me, started.body.operationId);
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: {
        response: {
          originalContext: {
            nodeIds: ['a', 'b'],
            parts: [
              { nodeId: 'a', offset: 16, text: 'ends here.' },
              { nodeId: 'b', offset: 0, text: 'Second starts' },
            ],
          },
        },
      },
    });
    const asked = fake.requests.at(-1)!.text;
    expect(asked).toContain('<paragraph>\nFirst paragraph <selection>ends here.</selection>\n</paragraph>');
    expect(asked).toContain('<paragraph>\n<selection>Second starts</selection> here and goes on.\n</paragraph>');
    expect(asked).toMatch(/Answer with exactly 2 replacements, in order, separated by one blank line/);
  });

  it('refuses a rewrite whose selected parts are only blank', async () => {
    const fileId = await newDoc('Words.');
    const blank = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'enhance',
      selection: { text: 'Words.', nodeIds: ['w'], parts: [{ nodeId: 'w', before: 'Words.', text: ' ', after: '' }] },
    });
    expect(blank).toMatchObject({ status: 400, body: { error: { code: 'invalid_input' } } });
    expect(fake.requests).toHaveLength(0);
  });

  it('replays a finished operation to a late subscriber', async () => {
    const fileId = await newDoc('Late reader.');
    const started = await me.call('POST', '/api/ai/operations', { fileId, action: 'fill-sentence', selection: { text: '', nodeIds: ['s1'] } });
    const first = await readStream(me, started.body.operationId);
    const again = await readStream(me, started.body.operationId);
    expect(again.events).toEqual(first.events);
    expect(first.events.at(-1)!.data.response).toMatchObject({
      operationType: 'fillSentence',
      response: { sentenceNode: { type: 'text', text: 'Polished first paragraph. Polished second paragraph.' } },
    });
  });

  it('rejects invalid input before calling the provider', async () => {
    const fileId = await newDoc('Anything.');
    const empty = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: '  ', nodeIds: [] } });
    expect(empty).toMatchObject({ status: 400, body: { error: { code: 'invalid_input' } } });
    const noInstruction = await me.call('POST', '/api/ai/operations', { fileId, action: 'modify', selection: { text: 'Anything.', nodeIds: ['x'] } });
    expect(noInstruction).toMatchObject({ status: 400, body: { error: { code: 'invalid_input' } } });
    expect(fake.requests).toHaveLength(0);
  });

  it("answers 404 for another tenant's documents and operations on every AI route", async () => {
    const fileId = await newDoc('Private words.');
    const started = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'Private words.', nodeIds: ['p'] } });
    await readStream(me, started.body.operationId);
    const stranger = await newUser(t.app, 'stranger');
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'x', nodeIds: [] } }],
      ['GET', `/api/ai/operations/${started.body.operationId}/stream`],
      ['GET', `/api/background-responses/${fileId}`],
      ['DELETE', `/api/background-responses/${fileId}/${started.body.operationId}`],
      ['GET', `/api/ai-provider/status/${fileId}`],
      ['POST', '/api/ai-provider/set', { fileId, provider: 'fast' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await stranger.call(method as 'GET', url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect((await stranger.call('POST', '/api/ai-provider/set', { tenantId: me.sub, fileId, provider: 'fast' })).status).toBe(403);
    expect((await me.call('GET', `/api/background-responses/${fileId}`)).body.responses).toHaveLength(1);
  });
});

describe('AI without a configured provider', () => {
  it('answers 503 ai_not_configured in plain words (no server settings named), and says the tier is not active', async () => {
    const t = await createTestApp();
    try {
      const me = await newUser(t.app, 'unconfigured');
      const fileId = (await me.call('POST', '/api/files/create', { content: doc('Hello.') })).body.file.id;
      const premium = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', selection: { text: 'Hello.', nodeIds: ['h'] } });
      expect(premium).toEqual({ status: 503, body: { error: { code: 'ai_not_configured', message: 'AI is not set up on this server.' } } });
      const fast = await me.call('POST', '/api/ai/operations', { fileId, action: 'enhance', tier: 'fast', selection: { text: 'Hello.', nodeIds: ['h'] } });
      expect(fast).toEqual(premium);
      expect((await me.call('GET', `/api/ai-provider/status/${fileId}`)).body).toEqual({ hasOverride: false, provider: 'premium', isActive: false });
      expect((await me.call('GET', '/api/usage/current')).body).toMatchObject({ fastCalls: 0, premiumCalls: 0 });
    } finally {
      await t.close();
    }
  });
});
