import type { TestApp } from './harness';
import type { TestUser } from './api-client';
import { fakeAiEnv, startFakeAiProvider, type FakeAiProvider } from './fakes/fake-ai-provider';
import { createTestApp } from './harness';

/** One server-sent event as the client sees it. */
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Parses an SSE body into events. */
export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** Reads an operation's whole event stream (it ends after done or error). */
export async function readStream(user: TestUser, operationId: string): Promise<{ status: number; events: SseEvent[] }> {
  const res = await user.call('GET', `/api/ai/operations/${operationId}/stream`);
  return { status: res.status, events: typeof res.body === 'string' ? parseSse(res.body) : [] };
}

/** A Bree server whose fast tier is the fake's OpenAI-compatible API and premium tier its Anthropic API. */
export async function createAiTestApp(env: Record<string, string> = {}): Promise<{ t: TestApp; fake: FakeAiProvider }> {
  const fake = await startFakeAiProvider();
  const t = await createTestApp({ ...fakeAiEnv(fake), ...env });
  return { t, fake };
}
