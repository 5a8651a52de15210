import { describe, expect, it } from 'vitest';
import type { ModelRunner } from '../ai/ai.runner';
import type { VoiceQueue } from './voice.queue';
import type { VoiceRepository } from './voice.repository';
import { createVoiceService } from './voice.service';

/** A voice service over a repository whose prompt reads answer `notes`, or fail with `failure`. */
function voiceOver({ notes, failure }: { notes?: string; failure?: Error }) {
  const answer = <T>(value: T): Promise<T> => (failure ? Promise.reject(failure) : Promise.resolve(value));
  const repository = {
    findProfile: () => answer({ tenantId: 't', stats: null, styleGuide: '', userNotes: notes ?? '' }),
    similarSamples: () => answer(['The quay was quiet at dawn, and the boats slept.']),
  } as unknown as VoiceRepository;
  return createVoiceService({ repository, models: {} as ModelRunner, queue: {} as VoiceQueue, now: () => new Date() });
}

describe("the author's voice in a prompt", () => {
  it('holds the notes and the passages most like the text', async () => {
    const voice = await voiceOver({ notes: 'Short sentences, please.' }).getPromptVoice({ tenantId: 't', text: 'boats at the quay' });
    expect(voice).toContain('Short sentences, please.');
    expect(voice).toContain('<passage>\nThe quay was quiet at dawn, and the boats slept.\n</passage>');
  });

  it('is empty, not an error, when its reads fail: every AI call goes on with a plainer prompt', async () => {
    await expect(voiceOver({ failure: new Error('the database is unreachable') }).getPromptVoice({ tenantId: 't', text: 'boats' })).resolves.toBe('');
  });
});
