import type { AddressInfo } from 'node:net';
import { AI_MAX_INSTRUCTION } from '@bree/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { createAiTestApp, readStream } from './ai-helpers';
import { type FakeAiProvider } from './fakes/fake-ai-provider';
import { resetDatabase, type TestApp } from './harness';

/** Bree's token estimate (usage.plans.ts): what a call without the provider's usage report is metered at. */
const estimate = (bytes: number): number => Math.ceil(bytes / 3);

describe('Ask AI: a free instruction at the cursor or on a selection', () => {
  let t: TestApp;
  let fake: FakeAiProvider;
  let me: TestUser;
  let baseUrl: string;

  beforeAll(async () => {
    ({ t, fake } = await createAiTestApp());
    await resetDatabase(t.database);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    me = await newUser(t.app, 'asker');
    fake.requests.length = 0;
  });

  async function newDoc(...paragraphs: string[]): Promise<string> {
    return (await me.call('POST', '/api/files/create', { content: doc(...paragraphs) })).body.file.id as string;
  }

  it('refuses a missing, blank or too long instruction with a stable code, before any model call or hold', async () => {
    const fileId = await newDoc('The ferry left at dawn.');
    const at = { fileId, action: 'ask', selection: { text: '', nodeIds: ['p1'] } };
    expect(await me.call('POST', '/api/ai/operations', at)).toMatchObject({ status: 400, body: { error: { code: 'instruction_required' } } });
    expect(await me.call('POST', '/api/ai/operations', { ...at, instruction: '   ' })).toMatchObject({
      status: 400,
      body: { error: { code: 'instruction_required' } },
    });
    const long = await me.call('POST', '/api/ai/operations', { ...at, instruction: 'x'.repeat(AI_MAX_INSTRUCTION + 1) });
    expect(long).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } });
    expect(fake.requests).toHaveLength(0);
    expect((await me.call('GET', '/api/usage/current')).body).toMatchObject({ premiumCalls: 0, reserved: 0 });
  });

  it('without a selection writes what was asked for at the cursor, in the voice, with the document as data; metered once', async () => {
    const fileId = await newDoc('The ferry left at dawn.');
    const stop = fake.answer(/why the ferry matters/, 'The town lives by the ferry.\n\nWithout it the island is alone.');
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'ask',
      instruction: 'a paragraph on why the ferry matters to the town',
      selection: { text: '', nodeIds: ['empty'] },
      context: { before: 'The ferry left at dawn.', after: '' },
    });
    expect(started.status).toBe(200);
    const { events } = await readStream(me, started.body.operationId);
    stop();
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: {
        response: {
          operationType: 'insertContent',
          status: 'completed',
          response: { generatedContent: 'The town lives by the ferry.\n\nWithout it the island is alone.' },
          originalContext: { nodeIds: ['empty'], action: 'ask', tier: 'premium' },
        },
      },
    });
    expect(fake.requests).toHaveLength(1);
    const sent = fake.requests[0]!.text;
    expect(sent).toMatch(/Write what the author asks for, to go at the cursor/);
    expect(sent).toMatch(/<before>\nThe ferry left at dawn\.\n<\/before>/);
    expect(sent).toContain('<instruction>\na paragraph on why the ferry matters to the town\n</instruction>');
    expect((await me.call('GET', '/api/usage/current')).body).toMatchObject({ premiumCalls: 1, premiumTokens: 120, reserved: 0 });
  });

  it('with a selection rewrites exactly the selected stretch, like Modify', async () => {
    const fileId = await newDoc('The cat sat on the mat.');
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'ask',
      tier: 'fast',
      instruction: 'a stronger verb',
      selection: { text: 'sat', nodeIds: ['c1'], parts: [{ nodeId: 'c1', before: 'The cat ', text: 'sat', after: ' on the mat.' }] },
    });
    expect(started.body).toMatchObject({ tier: 'fast' });
    const { events } = await readStream(me, started.body.operationId);
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { response: { operationType: 'rewrite', originalContext: { nodeIds: ['c1'], parts: [{ nodeId: 'c1', offset: 8, text: 'sat' }], action: 'ask' } } },
    });
    expect(fake.requests[0]!.text).toMatch(/Do what the author asks with the selected text/);
    expect(fake.requests[0]!.text).toContain('<paragraph>\nThe cat <selection>sat</selection> on the mat.\n</paragraph>');
    expect((await me.call('GET', '/api/usage/current')).body).toMatchObject({ fastCalls: 1, premiumCalls: 0 });
  });

  it("answers 404 for another tenant's document, and to cancel another tenant's operation, which runs on", async () => {
    const fileId = await newDoc('Private words.');
    const stranger = await newUser(t.app, 'stranger');
    const asked = { fileId, action: 'ask', instruction: 'more', selection: { text: '', nodeIds: [] } };
    expect((await stranger.call('POST', '/api/ai/operations', asked)).status).toBe(404);
    const started = await me.call('POST', '/api/ai/operations', asked);
    expect(await stranger.call('POST', `/api/ai/operations/${started.body.operationId}/cancel`)).toMatchObject({
      status: 404,
      body: { error: { code: 'operation_not_found' } },
    });
    expect((await readStream(me, started.body.operationId)).events.at(-1)?.event).toBe('done');
    expect(await me.call('POST', '/api/ai/operations/no-such-operation/cancel')).toMatchObject({
      status: 404,
      body: { error: { code: 'operation_not_found' } },
    });
  });

  it('cancel stops a streaming answer: no result stored, only what was received metered, and asking again is harmless', async () => {
    const fileId = await newDoc('The ferry left at dawn.');
    fake.script({ kind: 'stream', chunks: ['First words ', 'never sent ', 'to anyone.'], intervalMs: 10_000 });
    const started = await me.call('POST', '/api/ai/operations', {
      fileId,
      action: 'ask',
      instruction: 'three options for the next line',
      selection: { text: '', nodeIds: [] },
    });
    const operationId = started.body.operationId as string;
    const live = await fetch(`${baseUrl}/api/ai/operations/${operationId}/stream`, { headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub } });
    const reader = live.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    while (!received.includes('First words')) received += (await reader.read()).value ?? '';

    expect(await me.call('POST', `/api/ai/operations/${operationId}/cancel`)).toEqual({ status: 200, body: { stopped: true } });
    for (let part = await reader.read(); !part.done; part = await reader.read()) received += part.value;
    expect(received).toMatch(/event: error\ndata: \{"code":"operation_cancelled"/);
    expect(received).not.toContain('never sent');
    // Asked again (a second Escape, a retried request): nothing left to stop, and no error.
    expect(await me.call('POST', `/api/ai/operations/${operationId}/cancel`)).toEqual({ status: 200, body: { stopped: false } });

    expect((await me.call('GET', `/api/background-responses/${fileId}`)).body.responses).toEqual([]);
    // Metered at what was received: the prompt sent and the one chunk streamed (the provider never
    // reported its usage), not the worst case held, nor the full answer; the hold is given back.
    const prompt = Buffer.byteLength(fake.requests[0]!.text, 'utf8') - 1; // The fake joins system and prompt with one newline.
    const usage = (await me.call('GET', '/api/usage/current')).body;
    expect(usage).toMatchObject({ premiumCalls: 1, premiumTokens: estimate(prompt) + estimate(Buffer.byteLength('First words ')), reserved: 0 });
    expect(fake.requests).toHaveLength(1);
  });

  it('cancel of a finished operation changes nothing: its stored result stays', async () => {
    const fileId = await newDoc('Done already.');
    const started = await me.call('POST', '/api/ai/operations', { fileId, action: 'ask', instruction: 'one more line', selection: { text: '', nodeIds: [] } });
    await readStream(me, started.body.operationId);
    expect(await me.call('POST', `/api/ai/operations/${started.body.operationId}/cancel`)).toEqual({ status: 200, body: { stopped: false } });
    expect((await me.call('GET', `/api/background-responses/${fileId}`)).body.responses).toHaveLength(1);
  });
});
