import { describe, expect, it } from 'vitest';
import { createApiClient, isApiError } from '../../lib/api';
import { runAiChecks } from './api';

/** The real API client over a fetch that answers `status` with `body`; keeps what was sent. */
function clientAnswering(status: number, body: unknown) {
  const sent: { url: string; method: string; body: unknown; operationId: string | null }[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ url, method: String(init.method), body: JSON.parse(String(init.body)), operationId: headers.get('X-Operation-Id') });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const api = createApiClient({
    fetch,
    sleep: async () => undefined,
    random: () => 0,
    getAccessToken: async () => 'token',
    invalidateToken: () => undefined,
    getTenantId: () => 't1',
    onSessionExpired: () => undefined,
  });
  return { api, sent };
}

const body = { fileId: 'f1', blocks: [{ id: 'b1', type: 'paragraph', text: 'Everyone agrees.' }] };
const finding = { id: 'unsupported-claim:b1:0a1b2c3d', rule: 'unsupported-claim', blockId: 'b1', from: 0, to: 16, quote: 'Everyone agrees.', message: 'Who?' };

describe('runAiChecks', () => {
  it('posts the blocks to /api/checks/ai with an operation id and answers the findings', async () => {
    const { api, sent } = clientAnswering(200, { findings: [finding] });
    await expect(runAiChecks(api, body)).resolves.toEqual({ findings: [finding] });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: '/api/checks/ai', method: 'POST', body });
    expect(sent[0]!.operationId).toBeTruthy();
  });

  it('rejects an answer that is not the contract’s', async () => {
    const { api } = clientAnswering(200, { findings: [{ ...finding, rule: 'grammar' }] });
    await expect(runAiChecks(api, body)).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it("rejects with the server's error code", async () => {
    const { api } = clientAnswering(400, { error: { code: 'checks_text_too_long', message: 'Too long.', details: { maxChars: 100_000 } } });
    const error = await runAiChecks(api, body).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('checks_text_too_long');
  });

  it('asks once: an unreadable answer was already metered, so a 502 is not tried again', async () => {
    const { api, sent } = clientAnswering(502, { error: { code: 'checks_failed', message: 'The AI could not read this draft.' } });
    const error = await runAiChecks(api, body).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('checks_failed');
    expect(sent).toHaveLength(1);
  });
});
