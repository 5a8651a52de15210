/**
 * The Checks panel's state as pure functions (docs/CHECKS.md "The Checks panel"): which findings
 * show, in which groups, the summary's counts and the share of sentences in the author's voice.
 */
import { checkKindOf } from '@bree/contracts';
import type { CheckFinding, CheckKind, CheckRule } from '@bree/contracts';

/** The groups in the list's order, with the names the writer reads. */
export const CHECK_KINDS: readonly CheckKind[] = ['local', 'voice', 'ai'];
export const KIND_LABELS: Record<CheckKind, string> = { local: 'Style', voice: 'Your voice', ai: 'AI' };

/** Findings the writer has not set aside: neither ignored in this document nor of a rule switched off. */
export function visibleFindings({
  findings,
  ignored,
  disabledRules,
}: {
  findings: readonly CheckFinding[];
  ignored: ReadonlySet<string>;
  disabledRules: readonly CheckRule[];
}): CheckFinding[] {
  const off = new Set<string>(disabledRules);
  return findings.filter((f) => !ignored.has(f.id) && !off.has(f.rule));
}

/** Findings kept only where they still apply: `live` holds the ids whose words are unchanged in the text. */
export function liveFindings({ findings, live }: { findings: readonly CheckFinding[]; live: ReadonlySet<string> }): CheckFinding[] {
  return findings.filter((f) => live.has(f.id));
}

/** The list's groups, every kind once in order (an empty group says so), findings in reading order. */
export function groupFindings({ findings, order }: { findings: readonly CheckFinding[]; order: ReadonlyMap<string, number> }) {
  const place = (f: CheckFinding) => (order.get(f.blockId) ?? Number.MAX_SAFE_INTEGER) * 1e7 + f.from;
  return CHECK_KINDS.map((kind) => ({
    kind,
    label: KIND_LABELS[kind],
    findings: findings.filter((f) => checkKindOf(f.rule) === kind).sort((a, b) => place(a) - place(b)),
  }));
}

/** How many findings of each kind. */
export function countsByKind(findings: readonly CheckFinding[]): Record<CheckKind, number> {
  const counts: Record<CheckKind, number> = { local: 0, voice: 0, ai: 0 };
  for (const f of findings) counts[checkKindOf(f.rule)] += 1;
  return counts;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The summary's voice line: the share now, and what it was when the panel opened once it moved
 * ('81% of your sentences read as your own (was 72%, now 81%)'); null with too little text to say.
 */
export function ownShareLine({ opening, now }: { opening: number | null; now: number | null }): string | null {
  if (now === null) return null;
  const line = `${percent(now)} of your sentences read as your own`;
  if (opening === null || percent(opening) === percent(now)) return line;
  return `${line} (was ${percent(opening)}, now ${percent(now)})`;
}

/** The sentence around [from, to) in a block's text: from the end of the previous sentence to the end of this one. */
export function sentenceAround({ text, from, to }: { text: string; from: number; to: number }): { from: number; to: number } {
  let start = from;
  while (start > 0 && !/[.!?…]\s/.test(text.slice(start - 2, start))) start -= 1;
  while (start < from && /\s/.test(text[start] ?? '')) start += 1;
  const rest = text.slice(to).search(/[.!?…](?=\s|$)/);
  const end = rest === -1 ? text.length : to + rest + 1;
  return { from: start, to: Math.max(end, to) };
}

/** What the assistant is asked for by 'Rewrite in my voice': the sentence in the author's voice, fixing what was found. */
export function rewriteInstruction(finding: Pick<CheckFinding, 'message'>): string {
  return `Rewrite this sentence in my voice; fix: ${finding.message}`;
}
