import type { OperationStreamEvent } from '@bree/contracts';
import { describe, expect, it } from 'vitest';
import type { MeteredAi, MeteredStreamArgs } from '../ai.metered';
import type { AiRepository, NewBackgroundResponse } from '../ai.repository';
import { createOperationRegistry } from './operations.registry';
import { createOperationRunner, type OperationJob } from './operations.runner';

const job: OperationJob = {
  operationId: '7c0f4a9e-0d5b-4a53-9f3e-2b1d6c8e4a10',
  tenantId: 'tenant-a',
  fileId: 'file-a',
  action: 'enhance',
  nodeIds: ['n1'],
  tier: 'fast',
  system: 'system',
  prompt: 'prompt',
  held: { tenantId: 'tenant-a', period: '2026-11', tier: 'fast', modelId: 'fake-fast', dollars: '0.010000', fileId: 'file-a', maxOutputTokens: 4096 },
};

/** A runner whose model answers 'Better words.' and whose settlement verdicts and stored rows are recorded. */
function runnerUnderTest() {
  const verdicts: string[] = [];
  const saved: NewBackgroundResponse[] = [];
  const ai = {
    async stream(args: MeteredStreamArgs) {
      args.onDelta?.('Better words.');
      const outcome = { text: 'Better words.', failure: null, reported: { inputTokens: 10, outputTokens: 3 } };
      verdicts.push(args.keep ? await args.keep(outcome) : 'settle');
      return outcome;
    },
  } as unknown as MeteredAi;
  const repository = {
    async saveResponse(row: NewBackgroundResponse) {
      saved.push(row);
    },
  } as unknown as AiRepository;
  const registry = createOperationRegistry();
  const events: OperationStreamEvent[] = [];
  const runner = createOperationRunner({ repository, ai, registry, newBlockId: () => 'b1' });
  registry.create({ operationId: job.operationId, tenantId: job.tenantId });
  registry.subscribe({ tenantId: job.tenantId, operationId: job.operationId, listener: (e) => events.push(e) });
  return { runner, verdicts, saved, events };
}

describe('a run started while its reservation and job are being committed', () => {
  it('stores and settles its answer once they are committed', async () => {
    const { runner, verdicts, saved, events } = runnerUnderTest();
    await runner.run(job, { requeueOnShutdown: true, retry: false, committed: Promise.resolve() });
    expect(verdicts).toEqual(['settle']);
    expect(saved).toHaveLength(1);
    expect(events.map((e) => e.event)).toEqual(['delta', 'done']);
  });

  it('stores nothing and settles nothing when they were rolled back, and ends in an error', async () => {
    const { runner, verdicts, saved, events } = runnerUnderTest();
    await runner.run(job, { requeueOnShutdown: true, retry: false, committed: Promise.reject(new Error('rolled back')) });
    expect(verdicts).toEqual(['hold']);
    expect(saved).toHaveLength(0);
    expect(events.map((e) => e.event)).toEqual(['delta', 'error']);
  });
});
