import { describe, expect, it } from 'vitest';
import type { Notification } from '../../db/notifications';
import { createTokenRevocation, TOKENS_REVOKED_CHANNEL } from './token-revocation';

/** A database answering the revocation read from a table in memory, counting the reads. */
function fakeDatabase(state: { validAfterS: number | null; alive: boolean }) {
  const reads: unknown[][] = [];
  let hold: Promise<void> | null = null;
  return {
    reads,
    /** The next reads wait until `release` is called. */
    holdReads() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
    query: async <T>(_text: string, params?: unknown[]): Promise<T[]> => {
      reads.push(params ?? []);
      const answer = { valid_after_s: state.validAfterS, grant_alive: state.alive };
      if (hold) await hold;
      return [answer as T];
    },
  };
}

/** A hub whose messages a test sends, as another process would. */
function fakeHub() {
  const handlers: Array<(n: Notification) => void> = [];
  const reconnects: Array<() => void> = [];
  return {
    listen: async (channel: string, handler: (n: Notification) => void) => {
      expect(channel).toBe(TOKENS_REVOKED_CHANNEL);
      handlers.push(handler);
    },
    notify: async (_channel: string, payload: string) => handlers.forEach((h) => h({ origin: 'self', payload })),
    onReconnect: (handler: () => void) => void reconnects.push(handler),
    fromElsewhere: (payload: string) => handlers.forEach((h) => h({ origin: 'other', payload })),
    reconnect: () => reconnects.forEach((r) => r()),
  };
}

const token = { sub: 'acct', issuedAt: 1_000, grantId: 'grant-1' };

describe('the per-process revocation cache', () => {
  it('reads the database once per account and grant within its TTL, not on every request', async () => {
    const state = { validAfterS: null, alive: true };
    const database = fakeDatabase(state);
    let clock = 0;
    const revocation = createTokenRevocation({ database, now: () => clock, ttlMs: 5_000 });
    for (let i = 0; i < 100; i++) expect(await revocation.isRevoked(token)).toBe(false);
    expect(database.reads).toHaveLength(1);
    clock += 5_000;
    expect(await revocation.isRevoked(token)).toBe(false);
    expect(database.reads).toHaveLength(2);
  });

  it('forgets an account or a grant when another process says so, and everything after a reconnect', async () => {
    const state = { validAfterS: null as number | null, alive: true };
    const database = fakeDatabase(state);
    const hub = fakeHub();
    const revocation = createTokenRevocation({ database, hub, now: () => 0 });
    expect(await revocation.isRevoked(token)).toBe(false);

    state.validAfterS = 1_001;
    hub.fromElsewhere('account acct');
    expect(await revocation.isRevoked(token)).toBe(true);
    // Tokens issued in or after that second pass the time check.
    expect(await revocation.isRevoked({ ...token, issuedAt: 1_001 })).toBe(false);

    state.alive = false;
    hub.fromElsewhere('grant grant-1');
    expect(await revocation.isRevoked({ ...token, issuedAt: 2_000 })).toBe(true);

    state.alive = true;
    state.validAfterS = null;
    hub.reconnect();
    expect(await revocation.isRevoked(token)).toBe(false);
  });

  it('does not keep a read that a revocation overtook', async () => {
    const state = { validAfterS: null as number | null, alive: true };
    const database = fakeDatabase(state);
    const hub = fakeHub();
    const revocation = createTokenRevocation({ database, hub, now: () => 0 });
    const release = database.holdReads();
    const inFlight = revocation.isRevoked(token);
    // The sign-out commits and is announced while the read above is on its way with the old answer.
    state.alive = false;
    hub.fromElsewhere('account acct');
    release();
    expect(await inFlight).toBe(false);
    expect(await revocation.isRevoked(token)).toBe(true);
  });

  it('refuses a token naming no grant, and one whose account is gone', async () => {
    const revocation = createTokenRevocation({ database: { query: async <T>() => [] as T[] }, now: () => 0 });
    expect(await revocation.isRevoked({ ...token, grantId: undefined })).toBe(true);
    expect(await revocation.isRevoked(token)).toBe(true);
  });
});
