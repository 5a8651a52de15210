import type { CheckBlock, CheckFinding, CheckSettings, VoiceStats } from '@bree/contracts';

/** Main thread → checks worker: one run over these blocks; with a voice profile, the off-voice check too. */
export interface ChecksRequest {
  runId: number;
  blocks: CheckBlock[];
  settings: CheckSettings;
  profile: VoiceStats | null;
}

/** What one run finds: the findings in document order, and the share of sentences in the author's voice (null without a profile or enough text). */
export interface ChecksResult {
  findings: CheckFinding[];
  ownShare: number | null;
}

/** Checks worker → main thread: the answer to one run, or why it failed. */
export type ChecksReply = ({ ok: true } & ChecksResult & { runId: number }) | { ok: false; runId: number; message: string };
