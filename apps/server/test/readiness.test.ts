import { readinessSchema } from '@bree/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLifecycle } from '../src/modules/system/system.lifecycle';
import { createTestApp, type TestApp } from './harness';

describe('health and readiness', () => {
  const lifecycle = createLifecycle();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({}, { lifecycle });
  });
  afterAll(() => t.close());

  it('answers readiness publicly, with the database state, while the process takes work', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(readinessSchema.parse(res.json())).toEqual({ status: 'ready', database: 'ok', draining: false });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 once the drain begins, while health (liveness) still answers 200', async () => {
    lifecycle.beginDrain();
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', database: 'ok', draining: true });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('begins the drain when the app is closed without a signal', async () => {
    const own = createLifecycle();
    const other = await createTestApp({}, { lifecycle: own });
    expect(own.isDraining()).toBe(false);
    await other.close();
    expect(own.isDraining()).toBe(true);
  });

  it('ends the connection of every answer sent while draining, so a close waits for no keep-alive socket', async () => {
    const own = createLifecycle();
    const served = await createTestApp({}, { lifecycle: own });
    try {
      const before = await served.app.inject({ method: 'GET', url: '/api/health' });
      expect(before.headers.connection).not.toBe('close');
      own.beginDrain();
      const during = await served.app.inject({ method: 'GET', url: '/api/health' });
      expect(during.statusCode).toBe(200);
      expect(during.headers.connection).toBe('close');
    } finally {
      await served.close();
    }
  });
});
