import { beforeEach, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../../../test/harness';
import { createPayloadAdapter, sweepExpiredPayloads } from './adapter';

describe('the oidc-provider storage adapter', () => {
  let clock = new Date('2030-01-01T00:00:00Z');
  const adapterFor = async (model: string) => {
    const { db } = await getTestDatabase();
    const Adapter = createPayloadAdapter({ db, now: () => clock });
    return new Adapter(model);
  };

  beforeEach(async () => {
    clock = new Date('2030-01-01T00:00:00Z');
    await resetDatabase(await getTestDatabase());
  });

  it('stores, updates and finds payloads by id, uid and user code, per model', async () => {
    const sessions = await adapterFor('Session');
    const codes = await adapterFor('DeviceCode');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'b' }, 60);
    await codes.upsert('s1', { userCode: 'ABCD-EFGH' }, 60);

    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'b' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'b' });
    expect(await codes.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH' });
    expect(await sessions.find('missing')).toBeUndefined();
  });

  it('ignores expired rows on read and sweeps them', async () => {
    const codes = await adapterFor('AuthorizationCode');
    await codes.upsert('short', { grantId: 'g' }, 10);
    await codes.upsert('forever', { grantId: 'g' });
    clock = new Date(clock.getTime() + 11_000);

    expect(await codes.find('short')).toBeUndefined();
    expect(await codes.find('forever')).toEqual({ grantId: 'g' });
    const { db } = await getTestDatabase();
    expect(await sweepExpiredPayloads({ db, now: clock })).toBe(1);
  });

  it('marks consumed payloads with the consumption time (reuse detection)', async () => {
    const tokens = await adapterFor('RefreshToken');
    await tokens.upsert('rt', { grantId: 'g' }, 60);
    await tokens.consume('rt');

    expect(await tokens.find('rt')).toEqual({ grantId: 'g', consumed: Math.floor(clock.getTime() / 1000) });
  });

  it('destroys one payload, or every payload of a grant for that model', async () => {
    const tokens = await adapterFor('RefreshToken');
    const codes = await adapterFor('AuthorizationCode');
    await tokens.upsert('a', { grantId: 'g1' }, 60);
    await tokens.upsert('b', { grantId: 'g1' }, 60);
    await tokens.upsert('c', { grantId: 'g2' }, 60);
    await codes.upsert('d', { grantId: 'g1' }, 60);

    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('a')).toBeUndefined();
    expect(await tokens.find('b')).toBeUndefined();
    expect(await tokens.find('c')).toEqual({ grantId: 'g2' });
    expect(await codes.find('d')).toEqual({ grantId: 'g1' });

    await tokens.destroy('c');
    expect(await tokens.find('c')).toBeUndefined();
  });
});
