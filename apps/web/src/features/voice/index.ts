export { VoicePanel } from './VoicePanel';
export { LazyVoicePanel } from './LazyVoicePanel';
export { describeVoiceStats } from './format';
export type { VoiceFigure } from './format';
export { VOICE_ANALYZED_EVENT, VOICE_POLL_MS } from './useVoiceProfile';
