import type { AiTier } from '@bree/contracts';
import type { NotificationHub } from '../../db/notifications';
import { AI_SWITCH_ALL_ON, type AiSwitchRepository, type AiSwitchState } from './ai-switch.repository';
import { aiErrors } from './ai.errors';
import type { AiGateway } from './ai.gateway';
import type { AiSetup } from './ai.setup';
import type { TranscriptionGateway } from './ai.transcription';

export type { AiSwitchState } from './ai-switch.repository';

/** Where a change is announced to the other Bree processes; the message carries nothing, each reads the row. */
export const AI_SWITCH_CHANNEL = 'bree_ai_switch';

/** What administrators are told (GET /api/config/ai) about a part of the assistant switched off. */
const SWITCHED_OFF_ADVICE = 'Turned off for this installation by an administrator (admin portal, Settings). Turn it on there.';

/**
 * The installation's AI switch (docs/OPERATIONS.md "The AI switch"): kept in memory, so every
 * model call can ask it without a query, read at start (`load`), and read again whenever any
 * process announces a change on AI_SWITCH_CHANNEL or this process's LISTEN connection comes back
 * after a break (a change may have been missed). Without a hub (embedded PGlite) there is no other
 * process to tell.
 */
export function createAiSwitch({
  repository,
  hub,
  now = () => new Date(),
}: {
  repository: AiSwitchRepository;
  hub?: Pick<NotificationHub, 'listen' | 'notify' | 'onReconnect'> | null | undefined;
  now?: () => Date;
}) {
  let state: AiSwitchState = AI_SWITCH_ALL_ON;
  // Bumped by each read started: an older read finishing last must not overwrite a newer one's answer.
  let reads = 0;

  async function load(): Promise<AiSwitchState> {
    const mine = (reads += 1);
    const read = await repository.read();
    if (mine === reads) state = read;
    return state;
  }
  const reload = () => void load().catch(() => undefined);
  const listening = hub ? hub.listen(AI_SWITCH_CHANNEL, reload) : Promise.resolve();
  hub?.onReconnect(reload);

  return {
    /** Reads the stored switch and starts following changes; the app awaits it before it serves. */
    async load(): Promise<AiSwitchState> {
      await listening;
      return load();
    },
    current: (): AiSwitchState => state,
    /** Whether calls on `tier` are refused by the switch. */
    tierOff: (tier: AiTier): boolean => state.assistantOff || (tier === 'premium' && state.premiumOff),
    dictationOff: (): boolean => state.assistantOff || state.dictationOff,
    /** Stores the new switch, takes it here at once and tells every other process. */
    async set(next: AiSwitchState): Promise<AiSwitchState> {
      await repository.write(next, now());
      reads += 1;
      state = { ...next };
      await hub?.notify(AI_SWITCH_CHANNEL, '');
      return state;
    },
  };
}
export type AiSwitch = ReturnType<typeof createAiSwitch>;

/**
 * The gateway as the switch leaves it: a tier switched off is 'not configured', so every caller
 * takes the path of a server without its provider (usableTier's fallback, 503 ai_not_configured).
 */
export function switchedGateway(gateway: AiGateway, aiSwitch: Pick<AiSwitch, 'tierOff'>): AiGateway {
  const isConfigured = (tier: AiTier) => gateway.isConfigured(tier) && !aiSwitch.tierOff(tier);
  return {
    spec: (tier) => gateway.spec(tier),
    isConfigured,
    assertConfigured(tier) {
      if (aiSwitch.tierOff(tier)) throw aiErrors.notConfigured();
      gateway.assertConfigured(tier);
    },
    preload: () => gateway.preload(),
    async *stream(request) {
      if (aiSwitch.tierOff(request.tier)) throw aiErrors.notConfigured();
      yield* gateway.stream(request);
    },
  };
}

/** Dictation as the switch leaves it: switched off, it answers as without a transcription provider. */
export function switchedTranscription(transcriber: TranscriptionGateway, aiSwitch: Pick<AiSwitch, 'dictationOff'>): TranscriptionGateway {
  return {
    spec: transcriber.spec,
    isConfigured: () => transcriber.isConfigured() && !aiSwitch.dictationOff(),
    assertConfigured() {
      if (aiSwitch.dictationOff()) throw aiErrors.notConfigured();
      transcriber.assertConfigured();
    },
    async transcribe(request) {
      if (aiSwitch.dictationOff()) throw aiErrors.notConfigured();
      return transcriber.transcribe(request);
    },
  };
}

/**
 * What GET /api/config/ai answers under the switch: a part switched off is unavailable exactly as
 * one without a provider (writers see the same 'not set up' state); administrators get a note saying why.
 */
export function switchedSetup(setup: AiSetup, aiSwitch: Pick<AiSwitch, 'tierOff' | 'dictationOff'>): AiSetup {
  const tier = (name: AiTier) => ({ ...setup.tiers[name], available: setup.tiers[name].available && !aiSwitch.tierOff(name) });
  const notes = [...setup.notes];
  for (const name of ['fast', 'premium'] as const) {
    if (aiSwitch.tierOff(name) && setup.tiers[name].available) notes.push({ tier: name, model: setup.tiers[name].model, advice: SWITCHED_OFF_ADVICE });
  }
  if (aiSwitch.dictationOff() && setup.transcription.available)
    notes.push({ tier: 'transcription', model: setup.transcription.model, advice: SWITCHED_OFF_ADVICE });
  return {
    tiers: { fast: tier('fast'), premium: tier('premium') },
    transcription: { ...setup.transcription, available: setup.transcription.available && !aiSwitch.dictationOff() },
    notes,
  };
}
