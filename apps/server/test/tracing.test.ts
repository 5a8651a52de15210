import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { isTracing, startTracing } from '../src/lib/tracing/tracing';
import { createEmbeddingGateway } from '../src/modules/ai/ai.embedding';
import { createTranscriptionGateway } from '../src/modules/ai/ai.transcription';
import { createAiTestApp } from './ai-helpers';
import { doc, newUser } from './api-client';
import { checksReply, type FakeAiProvider } from './fakes/fake-ai-provider';
import { fakeEmbeddingsEnv, startFakeEmbeddings } from './fakes/fake-embeddings';
import { fakeTranscriptionEnv, startFakeTranscription } from './fakes/fake-transcription';
import { startOtlpReceiver, type OtlpReceiver } from './fakes/otlp-receiver';
import { createTestApp, resetDatabase, type TestApp } from './harness';

/** docs/OPERATIONS.md "Traces": OTLP spans of requests, statements and model calls, only with OTEL_EXPORTER_OTLP_ENDPOINT. */

const SECRET_WORDS = 'Marigold umbrellas whisper at dawn';

describe('traces without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('starts no tracer and serves as usual', async () => {
    const t = await createTestApp();
    try {
      expect(t.config.otlpEndpoint).toBeUndefined();
      expect(isTracing()).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(isTracing()).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('traces with OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let receiver: OtlpReceiver;
  let t: TestApp;
  let fake: FakeAiProvider;
  const operationId = randomUUID();

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    ({ t, fake } = await createAiTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint }));
    await resetDatabase(t.database);
    expect(isTracing()).toBe(true);

    const me = await newUser(t.app, 'traced');
    const created = await me.call('POST', '/api/files/create', { content: doc(SECRET_WORDS) });
    expect(created.status).toBe(200);
    const fileId = created.body.file.id as string;
    fake.answer(/<blocks>/, checksReply([]));
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/checks/ai',
      headers: { authorization: `Bearer ${me.token}`, 'x-tenant-id': me.sub, 'x-operation-id': operationId },
      payload: { fileId, blocks: [{ id: 'b1', type: 'paragraph', text: SECRET_WORDS }] },
    });
    expect(checked.statusCode).toBe(200);
    // Closing ends the tracer, which sends the spans still batched.
    await t.close();
    await fake.close();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('sends the spans as service bree and stops the tracer on close', () => {
    expect(receiver.spans.length).toBeGreaterThan(0);
    expect(new Set(receiver.spans.map((s) => s.service))).toEqual(new Set(['bree']));
    expect(isTracing()).toBe(false);
  });

  it('names each request span by its route pattern, never the address', () => {
    const create = receiver.spans.find((s) => s.name === 'POST /api/files/create');
    expect(create?.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/api/files/create', 'http.response.status_code': 200 });
    const check = receiver.spans.find((s) => s.name === 'POST /api/checks/ai');
    expect(check?.attributes['bree.operation_id']).toBe(operationId);
    // Routes with ids in them are named by their pattern.
    const patterned = receiver.spans.filter((s) => s.attributes['http.route'] !== undefined);
    for (const span of patterned) expect(span.name).toBe(`${String(span.attributes['http.request.method'])} ${String(span.attributes['http.route'])}`);
  });

  it("records statements as children of their request, with the SQL's text and never its values", () => {
    const create = receiver.spans.find((s) => s.name === 'POST /api/files/create')!;
    const statements = receiver.spans.filter((s) => s.parentSpanId === create.spanId && typeof s.attributes['db.statement'] === 'string');
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some((s) => /insert into "files"/i.test(String(s.attributes['db.statement'])))).toBe(true);
    for (const span of statements) expect(span.traceId).toBe(create.traceId);
    // The document's words travel as parameters: nowhere in anything sent.
    for (const body of receiver.bodies) expect(body).not.toContain('Marigold');
  });

  it('records the model call with its tier, model, outcome, tokens and the operation id', () => {
    const check = receiver.spans.find((s) => s.name === 'POST /api/checks/ai')!;
    const model = receiver.spans.find((s) => s.name.startsWith('ai.'));
    expect(model?.traceId).toBe(check.traceId);
    expect(model?.attributes).toMatchObject({ 'bree.operation_id': operationId, 'bree.ai.outcome': 'ok' });
    expect(model?.attributes['bree.ai.tier']).toMatch(/^(fast|premium)$/);
    expect(String(model?.attributes['gen_ai.request.model'])).not.toBe('');
    expect(model?.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    expect(model?.attributes['gen_ai.usage.output_tokens']).toBeGreaterThan(0);
  });
});

describe('traces of the embedding and transcription calls', () => {
  it('records each with its model, outcome and size, never the words', async () => {
    const receiver = await startOtlpReceiver();
    const embeddings = await startFakeEmbeddings();
    const transcription = await startFakeTranscription();
    const tracing = await startTracing({ otlpEndpoint: receiver.endpoint });
    try {
      const config = loadConfig({
        PUBLIC_URL: 'http://localhost:3999',
        LOG_LEVEL: 'silent',
        ...fakeEmbeddingsEnv(embeddings),
        ...fakeTranscriptionEnv(transcription),
      });
      const embedded = await createEmbeddingGateway({ config }).embed({ texts: [SECRET_WORDS, 'a second text'] });
      expect(embedded.ok).toBe(true);
      const heard = await createTranscriptionGateway({ config }).transcribe({ audio: new Uint8Array(2048), mediaType: 'audio/webm' });
      expect(heard.ok).toBe(true);
      transcription.always({ kind: 'status', status: 400 });
      expect((await createTranscriptionGateway({ config }).transcribe({ audio: new Uint8Array(16), mediaType: 'audio/webm' })).ok).toBe(false);
    } finally {
      await tracing?.shutdown();
      await Promise.all([embeddings.close(), transcription.close()]);
      await receiver.close();
    }
    const embedding = receiver.spans.find((s) => s.name === 'ai.embedding');
    expect(embedding?.attributes).toMatchObject({
      'bree.ai.tier': 'embedding',
      'gen_ai.request.model': 'openai-compatible:fake-embed',
      'bree.ai.outcome': 'ok',
      'bree.ai.texts': 2,
    });
    expect(embedding?.attributes['gen_ai.usage.input_tokens']).toBeGreaterThan(0);
    const heardSpans = receiver.spans.filter((s) => s.name === 'ai.transcription');
    expect(heardSpans.map((s) => s.attributes['bree.ai.outcome'])).toEqual(['ok', expect.not.stringMatching(/^ok$/)]);
    expect(heardSpans[0]?.attributes).toMatchObject({
      'gen_ai.request.model': 'openai:whisper-1',
      'bree.ai.audio_bytes': 2048,
      'bree.ai.audio_type': 'audio/webm',
    });
    expect(JSON.stringify(receiver.spans)).not.toContain('Marigold');
  });
});
