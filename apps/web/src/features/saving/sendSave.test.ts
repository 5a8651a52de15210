import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { sendSave } from './sendSave';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function client(answers: Array<Response | Error>) {
  const calls: { url: string; body: unknown; operationId: string | null; keepalive: boolean }[] = [];
  const api = createApiClient({
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      calls.push({ url: String(input), body: JSON.parse(String(init?.body)), operationId: headers.get('X-Operation-Id'), keepalive: init?.keepalive === true });
      const next = answers.shift();
      if (!next) throw new Error('unexpected request');
      if (next instanceof Error) throw next;
      return next;
    },
    getAccessToken: async () => 'token',
    invalidateToken: () => undefined,
    getTenantId: () => 'tenant-1',
    onSessionExpired: () => undefined,
    sleep: async () => undefined,
  });
  return { api, calls };
}

const request = { fileId: 'f1', content: { type: 'doc', content: [] }, baseRevision: 4, saveKey: 'op-1', source: 'autosave' as const };
const committed = { success: true, saved: true, contentSize: 10, operationId: 'op-1', revision: 5, lastModified: new Date().toISOString() };

afterEach(() => vi.restoreAllMocks());

describe('sendSave: one request, one reading of the answer', () => {
  it('a committed save answers the new revision, sending the base revision and the operation id in body and header', async () => {
    const { api, calls } = client([json(200, committed)]);
    await expect(sendSave(api, request)).resolves.toEqual({ kind: 'committed', revision: 5 });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/files/content-only-update',
      operationId: 'op-1',
      body: { fileId: 'f1', baseRevision: 4, operationId: 'op-1', source: 'autosave' },
    });
  });

  it('a save sent while the page goes away uses keepalive, unless its body is over the keepalive limit', async () => {
    const small = client([json(200, committed)]);
    await sendSave(small.api, { ...request, keepalive: true });
    expect(small.calls[0]?.keepalive).toBe(true);
    const paragraph = { type: 'paragraph', content: [{ type: 'text', text: 'é'.repeat(40 * 1024) }] };
    const large = client([json(200, committed)]);
    await expect(sendSave(large.api, { ...request, content: { type: 'doc', content: [paragraph] }, keepalive: true })).resolves.toEqual({
      kind: 'committed',
      revision: 5,
    });
    expect(large.calls[0]?.keepalive).toBe(false);
    const usual = client([json(200, committed)]);
    await sendSave(usual.api, request);
    expect(usual.calls[0]?.keepalive).toBe(false);
  });

  it('a 409 is a conflict carrying the server text from its own body: no second request', async () => {
    const theirs = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'theirs' }] }] };
    const { api, calls } = client([
      json(409, {
        error: { code: 'revision_conflict', message: 'changed', details: { currentRevision: 7, content: theirs, lastModified: '2026-01-01T00:00:00Z' } },
      }),
    ]);
    await expect(sendSave(api, request)).resolves.toEqual({ kind: 'conflict', theirs, theirsRevision: 7 });
    expect(calls).toHaveLength(1);
  });

  it('no answer at all (after the client’s one retry, same operation id) is offline', async () => {
    const { api, calls } = client([new TypeError('Failed to fetch'), new TypeError('Failed to fetch')]);
    await expect(sendSave(api, request)).resolves.toEqual({ kind: 'offline' });
    expect(calls.map((c) => c.operationId)).toEqual(['op-1', 'op-1']);
  });

  it('a browser that knows it is offline sends nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { api, calls } = client([]);
    await expect(sendSave(api, request)).resolves.toEqual({ kind: 'offline' });
    expect(calls).toHaveLength(0);
  });

  it('a deleted document and other refusals are told apart by their codes', async () => {
    const gone = client([json(404, { error: { code: 'file_not_found', message: 'No document.' } })]);
    await expect(sendSave(gone.api, request)).resolves.toEqual({ kind: 'deleted' });
    const tooLarge = client([json(400, { error: { code: 'document_too_large', message: 'Too large.' } })]);
    await expect(sendSave(tooLarge.api, request)).resolves.toEqual({ kind: 'refused', code: 'document_too_large', message: 'Too large.' });
  });

  it('a cancelled save rejects (the caller ignores it) instead of being classified', async () => {
    const controller = new AbortController();
    controller.abort();
    const { api } = client([json(200, committed)]);
    await expect(sendSave(api, { ...request, signal: controller.signal })).rejects.toThrow();
  });
});
