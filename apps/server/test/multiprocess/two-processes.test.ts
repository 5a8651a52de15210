import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../../src/modules/identity/rate-limit';
import { alertText } from '../auth-helpers';
import { startCluster, type Cluster } from './harness';
import { httpApi, httpBrowser, httpSignUp, startHttpAuthorization, submitHttpForm } from './http-sign-in';

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

// Real processes on a real PostgreSQL: only in the PostgreSQL run (scripts/test-postgres.mjs).
describe.runIf(process.env.BREE_TEST_POSTGRES === '1')('two Bree processes on one PostgreSQL behind a round-robin proxy', { timeout: 60_000 }, () => {
  let cluster: Cluster;
  let session: { accessToken: string; sub: string };
  let api: ReturnType<typeof httpApi>;

  beforeAll(async () => {
    // A short drain delay, so the test can watch readiness turn 503 while the process still serves.
    cluster = await startCluster({ count: 2, env: { DRAIN_DELAY_SECONDS: '3' } });
  }, 90_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it('signs up through a flow whose requests reach both processes, and each accepts the token', async () => {
    const from = cluster.proxy.served.length;
    session = await httpSignUp(cluster.url, { email: 'team@example.com', password: 'a long password' });
    api = httpApi(cluster.url, session);
    // The authorization request, the form post, the callback's code and the token each hit the next process.
    expect(new Set(cluster.proxy.served.slice(from))).toEqual(new Set(['A', 'B']));
    for (const name of ['A', 'B']) {
      cluster.proxy.sendNextTo(name);
      const status = await api('GET', '/api/tenant/status');
      expect(status.status).toBe(200);
    }
  });

  it('answers a stale save on B with 409 after a save on A', async () => {
    const created = await api('POST', '/api/files/create', { filePath: 'Shared', content: doc('v1') });
    expect(created.status).toBe(200);
    const fileId = String(created.body.file.id);

    cluster.proxy.sendNextTo('A');
    const saved = await api('POST', '/api/files/content-only-update', { fileId, content: doc('saved on A'), baseRevision: 1, operationId: 'mp-save-1' });
    expect(saved.status).toBe(200);
    expect(saved.body.revision).toBe(2);

    cluster.proxy.sendNextTo('B');
    const stale = await api('POST', '/api/files/content-only-update', { fileId, content: doc('stale on B'), baseRevision: 1, operationId: 'mp-save-2' });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('revision_conflict');
    expect(stale.body.error.details.currentRevision).toBe(2);
    expect(JSON.stringify(stale.body.error.details.content)).toContain('saved on A');
  });

  it('answers a create retried on the other process once: the same document, made once', async () => {
    const headers = { 'x-operation-id': 'mp-create-0001' };
    cluster.proxy.sendNextTo('A');
    const first = await api('POST', '/api/files/create', { filePath: 'Retried', content: doc('once') }, headers);
    cluster.proxy.sendNextTo('B');
    const retried = await api('POST', '/api/files/create', { filePath: 'Retried', content: doc('once') }, headers);
    expect(first.status).toBe(200);
    expect(retried.status).toBe(200);
    expect(retried.body.file.id).toBe(first.body.file.id);
    // The tenant holds 'Shared' from the test before and one 'Retried'.
    const list = await api('POST', '/api/files/list', {});
    expect((list.body.files as { id: string }[]).map((f) => f.id).filter((id) => id === first.body.file.id)).toHaveLength(1);
    expect(list.body.files).toHaveLength(2);
  });

  it('shows a window open through A to a window on B within seconds, and its goodbye on A gone from B at once', async () => {
    const fileId = String((await api('POST', '/api/files/create', { filePath: 'Open on two', content: doc('Here.') })).body.file.id);
    const heartbeat = (name: string, sessionId: string) => {
      cluster.proxy.sendNextTo(name);
      return api('POST', `/api/presence/${fileId}`, { sessionId });
    };
    expect((await heartbeat('A', 'window-on-a')).body.people).toEqual([]);
    const seenAt = Date.now();
    // A NOTIFY arrives in milliseconds; the heartbeat from A was sent before B is asked, so B knows it, give or take the hub's delivery.
    for (;;) {
      const people = (await heartbeat('B', 'window-on-b')).body.people as { you: boolean; windows: number }[];
      if (people.length === 1) {
        expect(people[0]).toMatchObject({ you: true, windows: 1 });
        break;
      }
      expect(Date.now() - seenAt).toBeLessThan(3_000);
    }
    cluster.proxy.sendNextTo('A');
    expect((await api('POST', `/api/presence/${fileId}/leave`, { sessionId: 'window-on-a' })).status).toBe(200);
    const leftAt = Date.now();
    for (;;) {
      if ((await heartbeat('B', 'window-on-b')).body.people.length === 0) break;
      expect(Date.now() - leftAt).toBeLessThan(3_000);
    }
  });

  it('locks an account after 10 failures even when the attempts alternate between the processes', async () => {
    await httpSignUp(cluster.url, { email: 'target@example.com', password: 'the right password' });
    const flow = await startHttpAuthorization(cluster.url);
    const answeredBy: string[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const name = attempt % 2 === 0 ? 'A' : 'B';
      cluster.proxy.sendNextTo(name);
      answeredBy.push(name);
      const wrong = await submitHttpForm(flow, 'login', { email: 'target@example.com', password: `wrong ${attempt}` });
      expect(wrong.status).toBe(401);
    }
    expect(answeredBy.filter((n) => n === 'A')).toHaveLength(5);
    // Each process saw five failures; together they are ten, and both refuse the right password now.
    for (const name of ['A', 'B']) {
      cluster.proxy.sendNextTo(name);
      const locked = await submitHttpForm(flow, 'login', { email: 'target@example.com', password: 'the right password' });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(alertText(locked.body) ?? locked.body).toContain(TOO_MANY_ATTEMPTS);
    }
  });

  it('counts per-address requests once across the processes', async () => {
    // "Forgot password?" allows 10 posts a minute per address; alternating processes does not double it.
    const browser = httpBrowser(cluster.url);
    const statuses: number[] = [];
    for (let post = 0; post < 11; post++) {
      const res = await browser.request({
        method: 'POST',
        url: '/interaction/forgot-password',
        form: { email: 'someone@example.com' },
        headers: { origin: cluster.url },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('refuses a person the owner removed on A at once on B: the document, its comments and suggestions (issue 42)', async () => {
    const fileId = String((await api('POST', '/api/files/create', { filePath: 'Shared with a guest', content: doc('Guest words.') })).body.file.id);
    const guest = httpApi(cluster.url, await httpSignUp(cluster.url, { email: 'guest@example.com', password: 'a long password' }));
    cluster.proxy.sendNextTo('A');
    const invite = await api('POST', '/api/grants/invite', { fileId, email: 'guest@example.com', role: 'commenter' });
    const token = String(invite.body.link).split('/app/invite/')[1]!;
    cluster.proxy.sendNextTo('B');
    expect((await guest('POST', `/api/grants/accept/${token}`)).status).toBe(200);
    const anchor = { blockId: 'b1', start: 0, end: 5, quote: 'Guest' };
    for (const name of ['A', 'B']) {
      cluster.proxy.sendNextTo(name);
      expect((await guest('POST', '/api/files/get', { fileId })).status).toBe(200);
      cluster.proxy.sendNextTo(name);
      expect((await guest('POST', '/api/comments/create', { fileId, anchor, body: `From ${name}.` })).status).toBe(200);
    }
    // The guest's window is open through B; the owner's through A sees it.
    cluster.proxy.sendNextTo('B');
    expect((await guest('POST', `/api/presence/${fileId}`, { sessionId: 'guest-window-b' })).status).toBe(200);
    const ownerSees = async (name: string) => {
      cluster.proxy.sendNextTo(name);
      return ((await api('POST', `/api/presence/${fileId}`, { sessionId: 'owner-window-a' })).body.people as unknown[]).length;
    };
    await expect.poll(() => ownerSees('A'), { timeout: 10_000 }).toBe(1);
    cluster.proxy.sendNextTo('A');
    const people = (await api('GET', `/api/grants/people/${fileId}`)).body.people as { granteeId: string }[];
    cluster.proxy.sendNextTo('A');
    expect((await api('POST', '/api/grants/remove', { fileId, granteeId: people[0]!.granteeId })).body.changed).toBe(true);
    // The very next requests, on the other process: no cache anywhere holds the old grant.
    const refused: [string, 'GET' | 'POST', string, unknown?][] = [
      ['B', 'POST', '/api/files/get', { fileId }],
      ['B', 'GET', `/api/comments/list/${fileId}`],
      ['B', 'POST', '/api/comments/create', { fileId, anchor, body: 'Too late.' }],
      ['B', 'POST', '/api/suggestions/propose', { fileId, blockId: 'b1', baseText: 'Guest words.', proposedText: 'Guest word.' }],
      ['A', 'GET', `/api/grants/access/${fileId}`],
    ];
    for (const [name, method, url, body] of refused) {
      cluster.proxy.sendNextTo(name);
      expect((await guest(method, url, body)).status, `${name} ${url}`).toBe(404);
    }
    // And their window has left the owner's list on both processes, not at its expiry.
    await expect.poll(() => ownerSees('B'), { timeout: 10_000 }).toBe(0);
    expect(await ownerSees('A')).toBe(0);
  });

  it('drains on SIGTERM: readiness turns 503 first, a request in flight when the listener closes still finishes, then the process exits cleanly', async () => {
    const [a, b] = cluster.backends;
    // A create whose body arrives in two halves, sent to B itself: in flight for the whole drain.
    const body = JSON.stringify({ filePath: 'Sent while draining', content: doc('arrived whole') });
    const half = Math.floor(body.length / 2);
    const inFlight = http.request(`${b!.url}/api/files/create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'x-tenant-id': session.sub,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      inFlight.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, half));
    inFlight.flushHeaders();

    const exit = b!.stop();
    await expect.poll(async () => (await fetch(`${b!.url}/api/ready`)).status, { timeout: 2_000 }).toBe(503);
    const ready = await fetch(`${b!.url}/api/ready`);
    expect(await ready.json()).toEqual({ status: 'unavailable', database: 'ok', draining: true });
    expect((await fetch(`${b!.url}/api/health`)).status).toBe(200);
    // After DRAIN_DELAY_SECONDS the listener closes: new requests are refused (or answered 503)…
    await expect
      .poll(
        () =>
          fetch(`${b!.url}/api/health`).then(
            (res) => res.status,
            () => 'refused',
          ),
        { timeout: 10_000 },
      )
      .not.toBe(200);
    // …while the request in flight gets the rest of its body and its answer.
    inFlight.end(body.slice(half));
    const finished = await answer;
    expect(finished.status).toBe(200);
    const fileId = String((JSON.parse(finished.body) as { file: { id: string } }).file.id);
    expect(await exit).toBe(0);
    // The other process goes on serving the same writer, with the document B finished.
    expect(cluster.backends.map((backend) => backend.name)).toEqual([a!.name]);
    const read = await api('POST', '/api/files/get', { fileId });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body.file.content)).toContain('arrived whole');
  });
});
