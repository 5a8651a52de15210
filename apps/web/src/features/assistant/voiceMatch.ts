import { voiceMatchScore } from '@bree/contracts';
import type { VoiceStats } from '@bree/contracts';

/**
 * The card's voice match line, e.g. 'Voice match 86 · original 79' (docs/VOICE-MATCH.md): null
 * until the voice has been analysed or when the suggestion is too short to judge; the original's
 * part is left out when there is no original (an insertion) or it is too short.
 */
export function voiceMatchText({ suggested, original, stats }: { suggested: string; original: string; stats: VoiceStats | null | undefined }): string | null {
  if (!stats) return null;
  const score = voiceMatchScore(suggested, stats);
  if (score === null) return null;
  const before = original.trim() ? voiceMatchScore(original, stats) : null;
  return before === null ? `Voice match ${score}` : `Voice match ${score} · original ${before}`;
}
