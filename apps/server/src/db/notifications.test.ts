import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../test/harness';
import { DatabaseClosedError, type Database, type ListenerConnection } from './db';
import { createNotificationHub, type Notification } from './notifications';

const onPostgres = process.env.BREE_TEST_POSTGRES === '1';

describe('the notification hub (LISTEN/NOTIFY between Bree processes)', () => {
  let database: Database;
  const hubs: Array<ReturnType<typeof createNotificationHub>> = [];

  function hub() {
    const made = createNotificationHub({ database });
    hubs.push(made);
    return made;
  }

  beforeAll(async () => {
    database = await getTestDatabase();
  });
  afterAll(async () => {
    for (const made of hubs) await made.close();
  });

  it("delivers every message to every hub, in the order sent, whole even past PostgreSQL's 8000-byte limit", async () => {
    const sender = hub();
    const receiver = hub();
    const received: Notification[] = [];
    await receiver.listen('bree_test_order', (n) => received.push(n));
    // Three-byte characters and emoji, so parts are cut by bytes' worth and never inside a surrogate pair.
    const big = `${'✓'.repeat(1999)}😀${'é—'.repeat(4000)}😀end`;
    const sent = ['first', big, 'third', ''];
    await Promise.all(sent.map((payload) => sender.notify('bree_test_order', payload)));
    await expect.poll(() => received.length).toBe(4);
    expect(received.map((n) => n.payload)).toEqual(sent);
    expect(new Set(received.map((n) => n.origin))).toEqual(new Set([sender.origin]));
    expect(sender.origin).not.toBe(receiver.origin);
  });

  it('hears nothing of other channels', async () => {
    const sender = hub();
    const receiver = hub();
    const received: string[] = [];
    await receiver.listen('bree_test_mine', (n) => received.push(n.payload));
    await sender.notify('bree_test_other', 'not for you');
    await sender.notify('bree_test_mine', 'for you');
    await expect.poll(() => received).toEqual(['for you']);
  });

  it.runIf(onPostgres)('opens its LISTEN connection again when it breaks, says so, and hears the messages sent after', async () => {
    const sender = hub();
    const receiver = hub();
    const received: string[] = [];
    let reconnects = 0;
    receiver.onReconnect(() => (reconnects += 1));
    await receiver.listen('bree_test_reconnect', (n) => received.push(n.payload));
    // The server ends the listening session, as a restart or a network cut would.
    const ended = await database.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and query = 'listen "bree_test_reconnect"'`,
    );
    expect(ended).toHaveLength(1);
    await expect.poll(() => reconnects, { timeout: 10_000 }).toBe(1);
    await sender.notify('bree_test_reconnect', 'after the break');
    await expect.poll(() => received).toEqual(['after the break']);
  });

  it('stops opening its LISTEN connection once the database is closed, having reported why the last one failed', async () => {
    let opens = 0;
    const errors: unknown[] = [];
    const broken: ListenerConnection = {
      listen: () => Promise.reject(new Error('the connection broke')),
      onLost: () => undefined,
      close: async () => undefined,
    };
    // The first opening works but its LISTEN fails; the database is closed by the next attempt.
    const closing = createNotificationHub({
      database: {
        query: async () => [],
        openListener: async () => {
          opens += 1;
          if (opens === 1) return broken;
          throw new DatabaseClosedError();
        },
      },
    });
    closing.reportErrorsTo((error) => errors.push(error));
    await closing.listen('bree_test_closed', () => undefined);
    expect(opens).toBe(2);
    expect(errors.map((error) => (error as Error).message)).toEqual(['the connection broke']);
  });
});
