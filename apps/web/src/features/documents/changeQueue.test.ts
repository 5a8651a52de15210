import { describe, expect, it } from 'vitest';
import { backoffDelay, createChangeQueue, DELETE_RETRY, CHANGE_RETRY, withRetry } from './changeQueue';

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('list change retries', () => {
  it('waits 250 ms then 500 ms, plus under 100 ms of jitter', () => {
    expect(backoffDelay(CHANGE_RETRY, 0, () => 0)).toBe(250);
    expect(backoffDelay(CHANGE_RETRY, 1, () => 0)).toBe(500);
    expect(backoffDelay(CHANGE_RETRY, 0, () => 0.999999)).toBe(349);
  });

  it('deletes wait 300 ms then 600 ms, plus up to 200 ms of jitter', () => {
    expect(backoffDelay(DELETE_RETRY, 0, () => 0)).toBe(300);
    expect(backoffDelay(DELETE_RETRY, 1, () => 0)).toBe(600);
    expect(backoffDelay(DELETE_RETRY, 1, () => 0.999999)).toBe(800);
  });

  it('tries three times in all (two retries), sleeping the backoff between', async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new Error('down');
        },
        CHANGE_RETRY,
        { sleep: async (ms) => void waits.push(ms), random: () => 0 },
      ),
    ).rejects.toThrow('down');
    expect(calls).toBe(3);
    expect(waits).toEqual([250, 500]);
  });

  it('stops at the first success', async () => {
    let calls = 0;
    const result = await withRetry(
      async (attempt) => {
        calls += 1;
        if (attempt < 2) throw new Error('blip');
        return 'ok';
      },
      DELETE_RETRY,
      { sleep: async () => undefined },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(2);
  });

  it('does not retry an error that a retry cannot fix', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw new Error('conflict');
        },
        CHANGE_RETRY,
        { shouldRetry: () => false, sleep: async () => undefined },
      ),
    ).rejects.toThrow();
    expect(calls).toBe(1);
  });
});

describe('list change queue', () => {
  it('runs at most 4 changes at once and starts the next when one settles', async () => {
    const queue = createChangeQueue();
    const gates = Array.from({ length: 6 }, () => deferred());
    let started = 0;
    const runs = gates.map((gate, i) =>
      queue.run({
        id: `op${i}`,
        task: async () => {
          started += 1;
          await gate.promise;
          return i;
        },
      }),
    );
    await tick();
    expect(started).toBe(4);
    expect(queue.running()).toBe(4);
    gates[0]!.resolve();
    await tick();
    expect(started).toBe(5);
    expect(queue.running()).toBe(4);
    gates.forEach((g) => g.resolve());
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.running()).toBe(0);
    expect(queue.inFlight()).toEqual([]);
  });

  it('skips a duplicate change id while the first is in flight', async () => {
    const queue = createChangeQueue();
    const gate = deferred();
    let runs = 0;
    const task = async () => {
      runs += 1;
      await gate.promise;
      return 'done';
    };
    const first = queue.run({ id: 'same', task });
    const second = queue.run({ id: 'same', task });
    gate.resolve();
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(runs).toBe(1);
  });

  it('starts a change only after its dependencies settle, even failed ones', async () => {
    const queue = createChangeQueue();
    const rename = deferred();
    const order: string[] = [];
    const renaming = queue.run({
      id: 'rename',
      task: async () => {
        await rename.promise;
        order.push('rename');
        throw new Error('409');
      },
    });
    const tagging = queue.run({
      id: 'tag',
      dependencies: ['rename', 'unknown'],
      task: async () => {
        order.push('tag');
      },
    });
    await tick();
    expect(order).toEqual([]);
    rename.resolve();
    await expect(renaming).rejects.toThrow('409');
    await tagging;
    expect(order).toEqual(['rename', 'tag']);
  });

  it('frees the slot of a failed change', async () => {
    const queue = createChangeQueue(1);
    await expect(
      queue.run({
        id: 'a',
        task: async () => {
          throw new Error('x');
        },
      }),
    ).rejects.toThrow();
    expect(await queue.run({ id: 'b', task: async () => 'b' })).toBe('b');
  });
});
