import type { OperationStreamEvent } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase } from '../../../../test/harness';
import type { Database } from '../../../db/db';
import { createNotificationHub, type NotificationHub } from '../../../db/notifications';
import { createOperationLive, OPERATION_EVENTS_CHANNEL } from './operations.live';
import { createOperationRegistry, type OperationRegistry } from './operations.registry';

/** One Bree process as far as live events go: its hub, registry and fan-out. */
interface Process {
  hub: NotificationHub;
  registry: OperationRegistry;
  live: ReturnType<typeof createOperationLive>;
}

const delta = (text: string): OperationStreamEvent => ({ event: 'delta', data: { text } });
const failed: OperationStreamEvent = { event: 'error', data: { code: 'enhance_failed', message: 'The AI operation failed.' } };

describe('live operation events between processes', () => {
  let database: Database;
  const made: Process[] = [];

  async function process(): Promise<Process> {
    const hub = createNotificationHub({ database });
    const registry = createOperationRegistry();
    const live = createOperationLive({ hub, registry, reaskMs: 50 });
    await live.ready();
    made.push({ hub, registry, live });
    return { hub, registry, live };
  }

  beforeAll(async () => {
    database = await getTestDatabase();
  });
  afterAll(async () => {
    for (const p of made) await p.hub.close();
  });

  it('gives a follower the events before it came, then live ones, once each and in order, and stops at the end', async () => {
    const runner = await process();
    const follower = await process();
    runner.registry.create({ operationId: 'op-1', tenantId: 't1' });
    runner.registry.emit('op-1', delta('a'));
    runner.registry.emit('op-1', delta('b'));
    const seen: OperationStreamEvent[] = [];
    follower.live.follow({ tenantId: 't1', operationId: 'op-1', listener: (e) => seen.push(e) });
    await expect.poll(() => seen.length).toBe(2);
    runner.registry.emit('op-1', delta('c'));
    runner.registry.emit('op-1', failed);
    await expect.poll(() => seen).toEqual([delta('a'), delta('b'), delta('c'), failed]);
  });

  it('publishes nothing of an operation no other process follows', async () => {
    const runner = await process();
    const heard: string[] = [];
    const listener = createNotificationHub({ database });
    await listener.listen(OPERATION_EVENTS_CHANNEL, ({ payload }) => heard.push(payload));
    runner.registry.create({ operationId: 'op-quiet', tenantId: 't1' });
    runner.registry.emit('op-quiet', delta('a'));
    runner.registry.emit('op-quiet', failed);
    // A message sent after them, through the same channel, arrives: anything published before it would have too.
    await runner.hub.notify(OPERATION_EVENTS_CHANNEL, 'marker');
    await expect.poll(() => heard).toContain('marker');
    await listener.close();
    expect(heard).toEqual(['marker']);
  });

  it('fills a gap by asking the running process again, and ignores other tenants and other runs', async () => {
    const follower = await process();
    const stranger = await process();
    // A runner whose first events were never published (as if sent while the follower's connection was down).
    const hub = createNotificationHub({ database });
    const registry = createOperationRegistry();
    registry.create({ operationId: 'op-2', tenantId: 't1' });
    const seen: OperationStreamEvent[] = [];
    follower.live.follow({ tenantId: 't1', operationId: 'op-2', listener: (e) => seen.push(e) });
    // Another tenant's message for the same id is not shown.
    await stranger.hub.notify(OPERATION_EVENTS_CHANNEL, JSON.stringify({ kind: 'events', operationId: 'op-2', tenantId: 't2', from: 0, events: [delta('x')] }));
    registry.emit('op-2', delta('one'));
    registry.emit('op-2', delta('two'));
    const live = createOperationLive({ hub, registry });
    made.push({ hub, registry, live });
    await live.ready();
    // The follower's first ask came before this process listened: it asks again, and is answered.
    registry.emit('op-2', delta('three'));
    await expect.poll(() => seen).toEqual([delta('one'), delta('two'), delta('three')]);
    // Another process's run of the same operation (a retry) has its own numbering: not mixed in.
    await stranger.hub.notify(OPERATION_EVENTS_CHANNEL, JSON.stringify({ kind: 'events', operationId: 'op-2', tenantId: 't1', from: 3, events: [delta('y')] }));
    registry.emit('op-2', failed);
    await expect.poll(() => seen).toEqual([delta('one'), delta('two'), delta('three'), failed]);
  });
  it("carries an author's cancel to the other processes, not back to the one that sent it", async () => {
    const asking = await process();
    const running = await process();
    const heard: { tenantId: string; operationId: string }[] = [];
    const echoed: unknown[] = [];
    running.live.onCancel((args) => heard.push(args));
    asking.live.onCancel((args) => echoed.push(args));
    await asking.live.cancel({ tenantId: 't9', operationId: 'op-9' });
    await expect.poll(() => heard).toEqual([{ tenantId: 't9', operationId: 'op-9' }]);
    expect(echoed).toEqual([]);
  });
});
