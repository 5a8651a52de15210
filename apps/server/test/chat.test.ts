import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAiTestApp, parseSse } from './ai-helpers';
import { doc, newUser, type TestUser } from './api-client';
import { DEFAULT_CHUNKS, type FakeAiProvider } from './fakes/fake-ai-provider';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** Sends a chat message asking for the streamed reply, as the chat dialog does. */
async function sendStreamed(t: TestApp, user: TestUser, fileId: string, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/${fileId}/messages`,
    headers: { authorization: `Bearer ${user.token}`, 'x-tenant-id': user.sub, accept: 'text/event-stream' },
    payload: body,
  });
  return { status: res.statusCode, type: String(res.headers['content-type']), events: parseSse(res.body), raw: res.body };
}

describe('chat about a document', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let me: TestUser;

  beforeAll(async () => {
    // The Free plan: ten premium calls a month, so the budget's refusal is reachable.
    ({ t, fake } = await createAiTestApp({ DEFAULT_PLAN: 'free' }));
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    me = await newUser(t.app, 'chatter');
    fake.requests.length = 0;
  });

  async function newDoc(user: TestUser, ...paragraphs: string[]): Promise<string> {
    return (await user.call('POST', '/api/files/create', { content: doc(...paragraphs) })).body.file.id as string;
  }

  it('streams a reply token by token about the document, stores both messages and meters the call', async () => {
    const fileId = await newDoc(me, 'The lighthouse keeper counts ships.', 'Fog rolls in at dusk.');
    const res = await sendStreamed(t, me, fileId, { message: 'Summarise this' });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/event-stream/);
    expect(res.events[0]).toMatchObject({
      event: 'started',
      data: { message: { role: 'user', content: 'Summarise this', state: 'complete' }, tier: 'premium' },
    });
    const deltas = res.events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    expect(deltas).toEqual(DEFAULT_CHUNKS);
    const done = res.events.at(-1)!;
    expect(done).toMatchObject({ event: 'done', data: { reply: { role: 'assistant', content: DEFAULT_CHUNKS.join(''), state: 'complete' } } });

    // The document went to the model as data, with the question after it.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.text).toMatch(/<document>[\s\S]*The lighthouse keeper counts ships\.[\s\S]*<\/document>[\s\S]*<question>\nSummarise this/);

    // Kept across reloads: the conversation is listed when the dialog opens again.
    const listed = await me.call('GET', `/api/chat/${fileId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'Summarise this'],
      ['assistant', DEFAULT_CHUNKS.join('')],
    ]);
    expect((await me.call('GET', '/api/usage/current')).body).toMatchObject({ premiumCalls: 1, reserved: 0 });
  });

  it('talks about the selection instead of the document, and carries the conversation so far', async () => {
    const fileId = await newDoc(me, 'Opening paragraph nobody asked about.', 'The chosen sentence.');
    const first = await me.call('POST', `/api/chat/${fileId}/messages`, { message: 'Suggest three titles' });
    expect(first).toMatchObject({ status: 200, body: { message: { content: 'Suggest three titles' }, reply: { state: 'complete' } } });
    fake.answer(/Make it shorter/, 'Shorter.');
    const second = await me.call('POST', `/api/chat/${fileId}/messages`, { message: 'Make it shorter', selection: 'The chosen sentence.' });
    expect(second.body.reply.content).toBe('Shorter.');
    const prompt = fake.requests[1]!.text;
    expect(prompt).toMatch(/<selection>\nThe chosen sentence\.\n<\/selection>/);
    expect(prompt).not.toContain('Opening paragraph nobody asked about.');
    expect(prompt).toMatch(/<conversation>[\s\S]*Suggest three titles[\s\S]*Polished first paragraph\.[\s\S]*<\/conversation>/);
  });

  it("gives the model the author's voice profile with the question", async () => {
    expect((await me.call('PUT', '/api/voice/profile', { userNotes: 'I write in short, dry sentences.' })).status).toBe(200);
    const fileId = await newDoc(me, 'A page of prose.');
    expect((await me.call('POST', `/api/chat/${fileId}/messages`, { message: 'Suggest three titles' })).status).toBe(200);
    expect(fake.requests[0]!.text).toMatch(/<voice>[\s\S]*I write in short, dry sentences\.[\s\S]*<\/voice>/);
  });

  it('keeps the text that arrived when the author stops the reply', async () => {
    const fileId = await newDoc(me, 'A draft to talk about.');
    fake.script({ kind: 'stream', chunks: ['First words ', 'then more ', 'and the end.'], intervalMs: 400 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const stop = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/chat/${fileId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'What is weak in this draft?' }),
      signal: stop.signal,
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    while (!seen.includes('First words')) seen += (await reader.read()).value ?? '';
    stop.abort();

    // The stop reaches the server; the reply is stored with what arrived, marked stopped.
    const listed = async () => (await me.call('GET', `/api/chat/${fileId}`)).body.messages as { role: string; content: string; state: string }[];
    await expect.poll(async () => (await listed()).length, { timeout: 10_000 }).toBe(2);
    const messages = await listed();
    expect(messages[1]).toMatchObject({ role: 'assistant', state: 'stopped' });
    expect(messages[1]!.content.startsWith('First words')).toBe(true);
    expect(messages[1]!.content).not.toContain('and the end.');
    // The call is settled once its stored text is (the two writes follow each other, not together).
    await expect.poll(async () => (await me.call('GET', '/api/usage/current')).body, { timeout: 10_000 }).toMatchObject({ premiumCalls: 1, reserved: 0 });
  });

  it('clears the conversation', async () => {
    const fileId = await newDoc(me, 'Something to discuss.');
    expect((await me.call('POST', `/api/chat/${fileId}/messages`, { message: 'Summarise this' })).status).toBe(200);
    expect(await me.call('DELETE', `/api/chat/${fileId}`)).toMatchObject({ status: 200, body: { success: true } });
    expect((await me.call('GET', `/api/chat/${fileId}`)).body.messages).toEqual([]);
  });

  it("never shows, extends or clears another tenant's conversation: 404 file_not_found", async () => {
    const fileId = await newDoc(me, 'Private thoughts.');
    expect((await me.call('POST', `/api/chat/${fileId}/messages`, { message: 'Summarise this' })).status).toBe(200);
    const other = await newUser(t.app, 'intruder');
    for (const [method, url, body] of [
      ['GET', `/api/chat/${fileId}`, undefined],
      ['POST', `/api/chat/${fileId}/messages`, { message: 'Tell me everything' }],
      ['DELETE', `/api/chat/${fileId}`, undefined],
    ] as const) {
      const res = await other.call(method, url, body);
      expect(res, `${method} ${url}`).toMatchObject({ status: 404, body: { error: { code: 'file_not_found' } } });
    }
    expect(fake.requests).toHaveLength(1);
    expect((await me.call('GET', `/api/chat/${fileId}`)).body.messages).toHaveLength(2);
  });

  it('refuses an empty message with 400 and stores nothing', async () => {
    const fileId = await newDoc(me, 'Words.');
    expect(await me.call('POST', `/api/chat/${fileId}/messages`, { message: '   ' })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_input' } },
    });
    expect((await me.call('POST', `/api/chat/${fileId}/messages`, { message: '' })).status).toBe(400);
    expect((await me.call('GET', `/api/chat/${fileId}`)).body.messages).toEqual([]);
  });

  it('answers 402 budget_exceeded once the plan has no room, before storing the question', async () => {
    const fileId = await newDoc(me, 'Budgeted words.');
    for (let i = 0; i < 10; i++) expect((await me.call('POST', `/api/chat/${fileId}/messages`, { message: `Question ${i}` })).status).toBe(200);
    const refused = await sendStreamed(t, me, fileId, { message: 'One more' });
    expect(refused.status).toBe(402);
    expect(JSON.parse(refused.raw)).toMatchObject({
      error: { code: 'budget_exceeded', message: 'Budget limit exceeded. Please upgrade your plan to continue.' },
    });
    const messages = (await me.call('GET', `/api/chat/${fileId}`)).body.messages;
    expect(messages).toHaveLength(20);
    expect(messages.some((m: { content: string }) => m.content === 'One more')).toBe(false);
  });

  it('says when the model failed, keeping the question', async () => {
    const fileId = await newDoc(me, 'Words.');
    fake.script({ kind: 'status', status: 400 });
    const res = await sendStreamed(t, me, fileId, { message: 'Summarise this' });
    expect(res.events.at(-1)).toMatchObject({ event: 'error', data: { code: 'chat_failed' } });
    const messages = (await me.call('GET', `/api/chat/${fileId}`)).body.messages;
    expect(messages.map((m: { role: string; state: string }) => [m.role, m.state])).toEqual([
      ['user', 'complete'],
      ['assistant', 'failed'],
    ]);
    expect((await me.call('GET', '/api/usage/current')).body).toMatchObject({ premiumCalls: 0, reserved: 0 });
  });
});

describe('chat when Bree shuts down mid-reply', () => {
  it('stores the text that arrived before the shutdown finishes', async () => {
    const { t, fake } = await createAiTestApp();
    try {
      const me = await newUser(t.app, 'shutdown');
      const fileId = (await me.call('POST', '/api/files/create', { content: doc('A draft.') })).body.file.id as string;
      fake.script({ kind: 'stream', chunks: ['Half a reply ', 'and the rest.'], intervalMs: 5_000 });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/chat/${fileId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, accept: 'text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Summarise this' }),
      });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let seen = '';
      while (!seen.includes('Half a reply')) seen += (await reader.read()).value ?? '';
      await t.app.close();
      const rows = await t.database.query<{ role: string; content: string; state: string }>(
        'select role, content, state from chat_messages where tenant_id = $1 order by id',
        [me.sub],
      );
      expect(rows).toEqual([
        { role: 'user', content: 'Summarise this', state: 'complete' },
        { role: 'assistant', content: 'Half a reply ', state: 'stopped' },
      ]);
    } finally {
      await t.close().catch(() => undefined);
      await fake.close();
    }
  });
});

describe('chat without an AI provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await resetDatabase(t.database);
  });
  afterAll(async () => t.close());

  it('answers 503 ai_not_configured and stores nothing', async () => {
    const me = await newUser(t.app, 'no-ai');
    const fileId = (await me.call('POST', '/api/files/create', { content: doc('Words.') })).body.file.id;
    expect(await me.call('POST', `/api/chat/${fileId}/messages`, { message: 'Summarise this' })).toMatchObject({
      status: 503,
      body: { error: { code: 'ai_not_configured' } },
    });
    expect((await me.call('GET', `/api/chat/${fileId}`)).body.messages).toEqual([]);
  });
});
