import type { ChecksRequest, ChecksResult } from './checksProtocol';
import { offVoiceFindings } from '../voice/offVoice';
import { runLocalChecks } from './runLocalChecks';

/**
 * One run of the checks that need no request (docs/CHECKS.md "Local checks"): the local rules, and
 * with the author's voice profile the off-voice sentences and the share read as their own. What the
 * checks worker runs, and the main thread only where there are no workers.
 */
export function runChecks({ blocks, settings, profile }: Omit<ChecksRequest, 'runId'>): ChecksResult {
  const findings = runLocalChecks({ blocks, settings });
  // Switched off in the author's settings: no off-voice findings, and no share of their own sentences either.
  if (!profile || settings.disabledRules.includes('off-voice')) return { findings, ownShare: null };
  const voice = offVoiceFindings({ blocks, profile });
  return { findings: [...findings, ...voice.findings], ownShare: voice.ownShare };
}
