import { checkFindingId, words } from '@bree/contracts';
import type { CheckBlock, CheckFinding, VoiceStats } from '@bree/contracts';
import { lengthSignal, personSignals, punctuationSignals, vocabularySignal } from './voiceSignals';
import type { MeasuredSentence, VoiceSignal } from './voiceSignals';

/**
 * Off-voice sentences (docs/CHECKS.md "Sentences that read unlike you"): each sentence measured
 * against the author's stylometric profile, in the browser (or the checks' worker), with nothing
 * sent anywhere. Pure and synchronous; no DOM or React, so the worker can import it.
 */

/** What the panel says when the author's voice has not been analysed yet. */
export const VOICE_NOT_ANALYZED_MESSAGE = 'Analyze your voice (Voice panel) to find sentences that read unlike you.';

/**
 * A sentence is flagged when its measures' surprises add up to this (−log10 of a chance):
 * the author writes a sentence this unusual about once in 1,000 or less.
 */
export const OFF_VOICE_THRESHOLD = 3;
/** Shorter sentences say too little to judge. */
export const OFF_VOICE_MIN_WORDS = 4;
/** Below this many scorable sentences there is no share to show. */
export const OWN_SHARE_MIN_SENTENCES = 5;
/** A measure is named as a reason from this surprise up (one sentence in 10). */
const REASON_SURPRISE = 1;

/** Blocks that are not the author's prose: titles, code, other people's words (as the local rules skip them). */
const NOT_PROSE = /^(heading|title|blockquote|horizontalRule|image|codeBlock)$|code/i;
const OPENING_QUOTE = /^["“‘'«]/;
const QUOTED = /"[^"]*"|“[^”]*”/g;

/** A sentence of a block's text: [from, to) and its words. */
export interface SentenceSpan {
  from: number;
  to: number;
  text: string;
}

/**
 * The sentences of a block's text with their offsets, split exactly as stylometrics.sentences()
 * splits a profile's samples (at . ! ? … and an optional closing quote, then space; and at line
 * breaks), so a sentence is measured the way the author's were.
 */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const breaks = /(?<=[.!?…]["”’)]?)\s+|\n+/g;
  let start = 0;
  const push = (from: number, to: number) => {
    const raw = text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (words(trimmed).length > 0) spans.push({ from: from + lead, to: from + lead + trimmed.length, text: trimmed });
  };
  for (const match of text.matchAll(breaks)) {
    push(start, match.index);
    start = match.index + match[0].length;
  }
  push(start, text.length);
  return spans;
}

/** Quoted dialogue is someone else's voice: a sentence that opens with a quote or is mostly quoted. */
function isDialogue(sentence: string): boolean {
  if (OPENING_QUOTE.test(sentence)) return true;
  const quoted = (sentence.match(QUOTED) ?? []).reduce((n, q) => n + q.length, 0);
  return quoted * 2 >= sentence.length;
}

/** Every measure's signal for one sentence. */
function signalsOf(sentence: MeasuredSentence, profile: VoiceStats): VoiceSignal[] {
  return [
    lengthSignal(sentence, profile),
    vocabularySignal(sentence, profile),
    ...punctuationSignals(sentence, profile),
    ...personSignals(sentence, profile),
  ].filter((s): s is VoiceSignal => s !== null);
}

/** The finding of a flagged sentence: the strongest reason in the message, each clear one in the detail. */
function findingOf({ block, span, signals }: { block: CheckBlock; span: SentenceSpan; signals: VoiceSignal[] }): CheckFinding {
  const sorted = [...signals].sort((a, b) => b.surprise - a.surprise);
  const named = sorted.filter((s) => s.surprise >= REASON_SURPRISE);
  const shown = named.length ? named : sorted;
  return {
    id: checkFindingId({ rule: 'off-voice', blockId: block.id, quote: span.text }),
    rule: 'off-voice',
    blockId: block.id,
    from: span.from,
    to: span.to,
    quote: span.text,
    message: `Reads unlike you: ${shown[0]!.reason}`,
    detail: shown.map((s) => s.detail).join(' '),
  };
}

/**
 * The sentences of `blocks` that read unlike the author of `profile`, and the share of scorable
 * sentences that read as their own (null under OWN_SHARE_MIN_SENTENCES). Headings, code, block
 * quotes, quoted dialogue and sentences under OFF_VOICE_MIN_WORDS words are never scored.
 */
export function offVoiceFindings({ blocks, profile }: { blocks: CheckBlock[]; profile: VoiceStats }): { findings: CheckFinding[]; ownShare: number | null } {
  if (profile.words === 0 || profile.sentences === 0) return { findings: [], ownShare: null };
  const findings: CheckFinding[] = [];
  let scored = 0;
  for (const block of blocks) {
    if (NOT_PROSE.test(block.type)) continue;
    for (const span of sentenceSpans(block.text)) {
      const tokens = words(span.text);
      if (tokens.length < OFF_VOICE_MIN_WORDS || isDialogue(span.text)) continue;
      scored++;
      const ownText = span.text.replace(QUOTED, ' ');
      const signals = signalsOf({ text: span.text, tokens, ownText, ownTokens: words(ownText) }, profile);
      const distance = signals.reduce((sum, s) => sum + s.surprise, 0);
      if (distance >= OFF_VOICE_THRESHOLD) findings.push(findingOf({ block, span, signals }));
    }
  }
  return { findings, ownShare: scored < OWN_SHARE_MIN_SENTENCES ? null : (scored - findings.length) / scored };
}
