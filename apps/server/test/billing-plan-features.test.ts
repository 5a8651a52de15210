import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { doc, newUser, type TestUser } from './api-client';
import { cancelSubscription, subscribeToPro } from './billing-support';
import { fakeStripeEnv, startFakeStripe, type FakeStripe } from './fakes/stripe';
import { createTestApp, resetDatabase, type TestApp } from './harness';

describe('what a plan includes beyond its limits: workspaces come with Pro', () => {
  let t: TestApp;
  let fake: FakeStripe;
  let me: TestUser;

  const newDocument = async (text: string) => (await me.call('POST', '/api/files/create', { content: doc(text) })).body.file.id as string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(fakeStripeEnv(fake));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    await resetDatabase(t.database);
    me = await newUser(t.app, 'plan-features');
  });

  it('refuses a Free tenant a new workspace with 402 plan_required, and changes nothing', async () => {
    const id = await newDocument('A harbour at dawn.');
    const res = await me.call('POST', '/api/workspaces/convert', { fileId: id });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe('plan_required');
    expect((await me.call('GET', `/api/workspaces/metadata/${id}`)).body).toMatchObject({ isMaster: false, workspaceId: null });
  });

  it('lets a Pro tenant convert and make variants; after cancelling, the workspace stays readable but takes no new variants', async () => {
    const { subscription } = await subscribeToPro(t.app, fake, me);
    const id = await newDocument('A harbour at dawn.');
    expect((await me.call('POST', '/api/workspaces/convert', { fileId: id })).status).toBe(200);
    const copy = await me.call('POST', `/api/workspaces/${id}/variants`, { type: 'duplicate' });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);

    await cancelSubscription(t.app, fake, subscription);
    expect((await me.call('GET', '/api/billing/subscription-status')).body.planType).toBeNull();

    const again = await me.call('POST', `/api/workspaces/${id}/variants`, { type: 'duplicate' });
    expect(again.status).toBe(402);
    expect(again.body.error.code).toBe('plan_required');
    const update = await me.call('POST', `/api/workspaces/variants/${copy.body.variantId}/update-from-master`, {});
    expect(update.body.error?.code).toBe('plan_required');
    // Nothing made is lost: the picker, the variant and its rename still work.
    const files = await me.call('GET', `/api/workspaces/${id}/files`);
    expect(files.body.items).toHaveLength(2);
    expect((await me.call('PATCH', `/api/workspaces/variants/${copy.body.variantId}`, { variantLabel: 'Kept' })).status).toBe(200);
    // Converting a document that already is a master answers its workspace, as before.
    expect((await me.call('POST', '/api/workspaces/convert', { fileId: id })).status).toBe(200);
  });
});
