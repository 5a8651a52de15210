import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage } from '../src/lib/storage/file-storage';
import { doc, newUser, type TestUser } from './api-client';
import { refresh, signIn, signUp, type AuthResult } from './auth-helpers';
import { subscribeToPro } from './billing-support';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { fields, PNG, sendFeedback } from './feedback-support';
import { createTestApp, resetDatabase, type TestApp } from './harness';
import { picture, uploadImage } from './images-support';
import { seedTenantRows, tenantRowCounts } from './account-delete-support';

const PASSWORD = 'a long password';
/** Tables the set-up leaves empty (none): every table is proved emptied. */
const EMPTY_BEFORE: string[] = [];

/**
 * "Delete my account" over HTTP (docs/ACCOUNT.md): every kind of data of the tenant goes, its
 * share link answers 404 at once, its tokens are refused, its Stripe subscription is cancelled, its
 * billing records are kept apart, another tenant keeps everything, and the address signs up again as
 * a new, empty account.
 */
describe('deleting an account', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let dataDir: string;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    dataDir = await mkdtemp(path.join(tmpdir(), 'bree-account-delete-'));
    t = await createTestApp({ ...fakeStripeEnv(stripe), DATA_DIR: dataDir });
    await resetDatabase(t.database);
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const deleteAccount = (user: TestUser, body: Record<string, unknown>) => user.call('POST', '/api/account/delete', body);
  const readShare = (slug: string) => t.app.inject({ method: 'GET', url: `/share/${slug}`, remoteAddress: '198.51.100.7' });

  /** A writer with a bit of everything: documents (one in the Trash, one being dictated), a version, a shared link, feedback with a screenshot, settings… */
  async function writerWithData(email: string): Promise<{ user: TestUser; session: AuthResult; slug: string; blobKey: string; imageKey: string }> {
    const session = await signUp(t.app, { email, password: PASSWORD });
    const user = await newUserFrom(session);
    expect((await user.call('POST', '/api/tenant/initialize', { tenantId: session.sub })).status).toBe(200);
    expect((await user.call('PUT', '/api/users/profile', { email, name: 'Writer' })).status).toBe(200);
    const first = (await user.call('POST', '/api/files/create', { filePath: 'Field notes', content: doc('The heron waited by the reeds.') })).body.file;
    const second = (await user.call('POST', '/api/files/create', { filePath: 'Old draft', content: doc('Gone soon.') })).body.file;
    const saved = await user.call('POST', '/api/files/content-only-update', {
      fileId: first.id,
      content: doc('The heron waited by the reeds, still.'),
      baseRevision: 1,
      operationId: `save-${session.sub}`,
    });
    expect(saved.status).toBe(200);
    expect((await user.call('POST', '/api/versions/create', { fileId: first.id, reason: 'manual' })).status).toBe(200);
    const slug = (await user.call('POST', '/api/shares/create', { fileId: first.id })).body.shareSlug as string;
    expect((await readShare(slug)).statusCode).toBe(200);
    // Shared with a person (an accepted invitation: a grant) and a second invitation still pending.
    const invited = await user.call('POST', '/api/grants/invite', { fileId: first.id, email: `guest-${session.sub}@example.com`, role: 'viewer' });
    const guest = await newUser(t.app, 'deletion-guest');
    expect((await guest.call('POST', `/api/grants/accept/${String(invited.body.link).split('/app/invite/')[1]}`)).status).toBe(200);
    expect((await user.call('POST', '/api/grants/invite', { fileId: first.id, email: `later-${session.sub}@example.com`, role: 'editor' })).status).toBe(200);
    // A comment thread and a suggestion on it (docs/COLLABORATION.md).
    const anchor = { blockId: 'b1', start: 0, end: 4, quote: 'Text' };
    expect((await user.call('POST', '/api/comments/create', { fileId: first.id, anchor, body: 'A note to self.' })).status).toBe(200);
    const proposal = { fileId: first.id, blockId: 'b1', baseText: 'Text.', proposedText: 'Better text.' };
    expect((await user.call('POST', '/api/suggestions/propose', proposal)).status).toBe(200);
    expect((await user.call('PUT', '/api/voice/profile', { userNotes: 'Short, dry sentences.' })).status).toBe(200);
    expect((await user.call('PUT', '/api/search/settings', { language: 'english' })).status).toBe(200);
    expect((await user.call('POST', '/api/ai-provider/set', { fileId: first.id, provider: 'fast' })).status).toBe(200);
    expect((await user.call('PUT', '/api/ai-provider/default', { provider: 'fast' })).status).toBe(200);
    const sent = await sendFeedback(t.app, user, [
      ...fields('The list is slow'),
      { name: 'screenshot', file: { filename: 'shot.png', type: 'image/png', data: PNG } },
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [attachment] = await t.database.query<{ storage_key: string }>('select storage_key from feedback_attachments where tenant_id = $1', [user.sub]);
    const image = await uploadImage(t.app, user, first.id, await picture(20, 20));
    expect(image.status, JSON.stringify(image.body)).toBe(200);
    const trashed = await user.call('POST', '/api/files/delete', { filePath: second.filePath });
    expect(trashed.status, JSON.stringify([second, trashed.body])).toBe(200);
    await seedTenantRows({ database: t.database, tenantId: user.sub, fileId: first.id, dictationId: second.id });
    return { user, session, slug, blobKey: attachment!.storage_key, imageKey: `images/${image.body.image.id as string}` };
  }

  function newUserFrom(session: AuthResult): Promise<TestUser> {
    return Promise.resolve({
      sub: session.sub,
      token: session.accessToken,
      async call(method, url, payload) {
        const res = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${session.accessToken}`, 'x-tenant-id': session.sub, 'x-operation-id': `op-${Math.random()}` },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
        const type = String(res.headers['content-type'] ?? '');
        return { status: res.statusCode, body: type.includes('json') ? res.json() : res.body };
      },
    });
  }

  it('refuses a wrong e-mail or password with their own codes, and deletes nothing', async () => {
    const { user } = await writerWithData('careful@example.com');
    const before = await tenantRowCounts({ database: t.database, tenantId: user.sub });
    expect(await deleteAccount(user, { email: 'someone-else@example.com', password: PASSWORD })).toMatchObject({
      status: 400,
      body: { error: { code: 'delete_email_mismatch' } },
    });
    expect(await deleteAccount(user, { email: 'careful@example.com', password: 'not my password' })).toMatchObject({
      status: 400,
      body: { error: { code: 'delete_password_incorrect' } },
    });
    expect(await deleteAccount(user, { email: 'careful@example.com' })).toMatchObject({ status: 400, body: { error: { code: 'delete_password_incorrect' } } });
    expect(await deleteAccount(user, { email: 'careful@example.com', password: PASSWORD, extra: 1 })).toMatchObject({ status: 400 });
    // Naming another tenant is refused before anything runs: an account only ever deletes itself.
    const other = await newUser(t.app, 'bystander');
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: { authorization: `Bearer ${user.token}`, 'x-tenant-id': other.sub },
      payload: { email: 'careful@example.com', password: PASSWORD },
    });
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json().error.code).toBe('tenant_mismatch');
    expect((await other.call('GET', '/api/files/list')).status).toBe(200);
    expect(await tenantRowCounts({ database: t.database, tenantId: user.sub })).toEqual(before);
    expect((await user.call('GET', '/api/files/list')).status).toBe(200);
  });

  it('removes every kind of data, ends the share link and the tokens at once, cancels Stripe and keeps the billing records apart', async () => {
    const other = await writerWithData('neighbour@example.com');
    const otherBefore = await tenantRowCounts({ database: t.database, tenantId: other.user.sub });
    const { user, session, slug, blobKey, imageKey } = await writerWithData('Leaving@Example.com');
    const { subscription } = await subscribeToPro(t.app, stripe, user);
    expect(await t.database.query('select 1 from billing_accounts where tenant_id = $1', [user.sub])).toHaveLength(1);
    // A usage notice mailed this month (docs/BILLING.md#notices): the maintenance job writes these.
    await t.database.query(`insert into billing_notices (tenant_id, period, kind) values ($1, '2026-01', 'premium-80')`, [user.sub]);
    const storage = createFileStorage({ root: path.join(dataDir, 'blobs') });
    expect(await storage.get(blobKey)).not.toBeNull();
    expect(await storage.get(imageKey)).not.toBeNull();

    // The set-up reached every table but those only other flows write (a content save's receipt, a mailed confirmation link).
    const before = await tenantRowCounts({ database: t.database, tenantId: user.sub });
    expect(Object.keys(before).filter((table) => before[table] === 0)).toEqual(EMPTY_BEFORE);

    // The address is typed as the writer likes it: case and spaces do not matter.
    const res = await deleteAccount(user, { email: '  leaving@example.COM ', password: PASSWORD });
    expect(res, JSON.stringify(res.body)).toMatchObject({ status: 200, body: { deleted: true, billingRecordsKept: true } });

    // Every table holding a tenant's rows has none of this tenant's left (account-delete-support lists them from the schema).
    const after = await tenantRowCounts({ database: t.database, tenantId: user.sub });
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await storage.get(blobKey)).toBeNull();
    expect(await storage.get(imageKey)).toBeNull();
    expect((await readShare(slug)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/shares/${slug}`, remoteAddress: '198.51.100.8' })).statusCode).toBe(404);

    // Tokens: the access token, the refresh token and the password are all refused.
    expect((await user.call('GET', '/api/files/list')).body.error.code).toBe('invalid_token');
    await expect(refresh(t.app, session.refreshToken)).rejects.toThrow();
    await expect(signIn(t.app, { email: 'leaving@example.com', password: PASSWORD })).rejects.toThrow();

    // Stripe: cancelled now; the billing account and usage are kept under an id that names no one.
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${String(subscription.id)}`)).toBe(true);
    expect(stripe.subscriptions.get(String(subscription.id))?.status).toBe('canceled');
    const kept = await t.database.query<{ tenant_id: string; subscription_status: string }>(
      'select tenant_id, subscription_status from billing_accounts where stripe_customer_id = $1',
      [String(subscription.customer)],
    );
    expect(kept).toEqual([{ tenant_id: expect.stringMatching(/^deleted-/), subscription_status: 'canceled' }]);
    const keptUsage = await t.database.query('select 1 from usage_events where tenant_id = $1', [kept[0]!.tenant_id]);
    expect(keptUsage.length).toBeGreaterThan(0);

    // The neighbour keeps every row, and its share still answers.
    expect(await tenantRowCounts({ database: t.database, tenantId: other.user.sub })).toEqual(otherBefore);
    expect((await readShare(other.slug)).statusCode).toBe(200);
    expect((await other.user.call('GET', '/api/files/list')).status).toBe(200);

    // The address signs up again: a new account, a new tenant, nothing in it.
    const again = await newUser(t.app, 'again', 'leaving@example.com');
    expect(again.sub).not.toBe(user.sub);
    expect((await again.call('POST', '/api/tenant/initialize', { tenantId: again.sub })).body).toMatchObject({ success: true });
    const list = await again.call('GET', '/api/files/list');
    expect(list.status).toBe(200);
    expect(list.body.files).toEqual([]);
    expect((await again.call('GET', '/api/files/trash')).body.items).toEqual([]);
    expect((await again.call('GET', '/api/billing/subscription-status')).body).toMatchObject({ planType: null, stripeCustomerId: null });
    expect((await again.call('GET', '/api/voice/profile')).body.userNotes).toBe('');
  });

  it('deletes nothing while Stripe cannot cancel the subscription, and goes through once it can', async () => {
    const { user } = await writerWithData('subscribed@example.com');
    await subscribeToPro(t.app, stripe, user);
    const before = await tenantRowCounts({ database: t.database, tenantId: user.sub });
    // The SDK tries twice (maxNetworkRetries 1): both fail.
    stripe.failNext(2);
    expect(await deleteAccount(user, { email: 'subscribed@example.com', password: PASSWORD })).toMatchObject({
      status: 502,
      body: { error: { code: 'billing_provider_error' } },
    });
    expect(await tenantRowCounts({ database: t.database, tenantId: user.sub })).toEqual(before);
    expect((await deleteAccount(user, { email: 'subscribed@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('answers a retry of a deletion that went through with 401, changing nothing', async () => {
    const { user } = await writerWithData('twice@example.com');
    expect((await deleteAccount(user, { email: 'twice@example.com', password: PASSWORD })).status).toBe(200);
    const again = await deleteAccount(user, { email: 'twice@example.com', password: PASSWORD });
    expect(again).toMatchObject({ status: 401, body: { error: { code: 'invalid_token' } } });
  });

  it('limits attempts per account: after 5 in 15 minutes even the right password waits', async () => {
    const user = await newUser(t.app, 'guessing');
    const email = (await t.database.query<{ email: string }>('select email from users where id = $1', [user.sub]))[0]!.email;
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) codes.push((await deleteAccount(user, { email, password: `guess ${i}` })).status);
    expect(codes).toEqual([400, 400, 400, 400, 400]);
    const locked = await user.call('POST', '/api/account/delete', { email, password: PASSWORD });
    expect(locked).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
    expect((await user.call('GET', '/api/files/list')).status).toBe(200);
    // Malformed requests never reach the count.
    const other = await newUser(t.app, 'malformed');
    for (let i = 0; i < 6; i += 1) expect((await deleteAccount(other, { email: 'x\u0000' })).status).toBe(400);
    expect((await deleteAccount(other, { email: 'nobody@example.com', password: PASSWORD })).body.error.code).toBe('delete_email_mismatch');
  });
});
