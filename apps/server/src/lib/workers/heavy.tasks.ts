import type { DocJSON } from '@bree/editor';
import { exportDocument, type ExportOptions } from '../../modules/files/files.export';
import { measureContent, type ContentMeasure } from '../../modules/files/files.content';
import { computeStylometrics } from '../../modules/voice/voice.stylometrics';
import type { VoiceStats } from '@bree/contracts';

/** A CPU-heavy job a worker thread runs; documents travel as JSON text, which crosses threads as one copy. */
export type HeavyTask =
  | ({ kind: 'export'; json: string } & ExportOptions)
  | { kind: 'prepare'; json: string }
  | { kind: 'prepare'; text: string }
  | { kind: 'stylometrics'; text: string };

export type HeavyResult =
  | { kind: 'export'; body: string | Uint8Array; contentType: string; extension: string }
  | { kind: 'prepare'; outcome: ContentMeasure }
  | { kind: 'stylometrics'; stats: VoiceStats };

/** Runs one heavy task; the same code the main thread runs for small inputs, so results are identical. */
export async function runHeavyTask(task: HeavyTask): Promise<HeavyResult> {
  switch (task.kind) {
    case 'export': {
      const { kind: _kind, json, ...opts } = task;
      const file = await exportDocument(JSON.parse(json) as DocJSON, opts);
      return { kind: 'export', ...file };
    }
    case 'prepare':
      return { kind: 'prepare', outcome: measureContent('text' in task ? task.text : (JSON.parse(task.json) as DocJSON)) };
    case 'stylometrics':
      return { kind: 'stylometrics', stats: computeStylometrics(task.text) };
  }
}
