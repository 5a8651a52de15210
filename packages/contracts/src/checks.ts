import { z } from 'zod/mini';

/**
 * Checks: an editor's read of the draft (docs/CHECKS.md). Three sources find things — rules run in
 * the browser, the author's own voice measured per sentence, and one metered AI call — and each
 * finding names its rule, where its words are and why. Shared by the checks engine, the panel and
 * the server's AI checks.
 */

/** Rules that run in the browser, with no request. */
export const LOCAL_CHECK_RULES = [
  'long-sentence',
  'repeated-word',
  'repeated-opening',
  'passive-voice',
  'filler-word',
  'hedge-word',
  'cliche',
  'adverb-density',
  'readability',
] as const;
/** Sentences well below the author's own voice match norm (from the voice profile, in the browser). */
export const VOICE_CHECK_RULES = ['off-voice'] as const;
/** What the AI reads for, in one metered call. */
export const AI_CHECK_RULES = ['clarity', 'logic-gap', 'unsupported-claim', 'tone-drift'] as const;
export const CHECK_RULES = [...LOCAL_CHECK_RULES, ...VOICE_CHECK_RULES, ...AI_CHECK_RULES] as const;

export const checkRuleSchema = z.enum(CHECK_RULES);
export type CheckRule = z.infer<typeof checkRuleSchema>;
export type CheckKind = 'local' | 'voice' | 'ai';

/** The kind of each rule: the summary counts per kind. */
export function checkKindOf(rule: CheckRule): CheckKind {
  if ((LOCAL_CHECK_RULES as readonly string[]).includes(rule)) return 'local';
  return (VOICE_CHECK_RULES as readonly string[]).includes(rule) ? 'voice' : 'ai';
}

/** A text block as the checks read it: its block id (`BlockIds`), its type and its plain text. */
export const checkBlockSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  /** 'paragraph', 'heading', 'listItem', 'blockquote', 'codeBlock'… (rules skip what is not prose). */
  type: z.string().check(z.minLength(1), z.maxLength(40)),
  text: z.string().check(z.maxLength(200_000)),
});
export type CheckBlock = z.infer<typeof checkBlockSchema>;

/**
 * One finding: its rule, the words it is about (block id and offsets in that block's plain text,
 * [from, to)), those words as found (a finding whose words have changed no longer applies), a
 * short message for the list and an explanation.
 */
export const checkFindingSchema = z.object({
  /** Stable for the same rule, block and words (`checkFindingId`): Ignore remembers it across edits elsewhere. */
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  rule: checkRuleSchema,
  blockId: z.string().check(z.minLength(1), z.maxLength(64)),
  from: z.number().check(z.int(), z.gte(0)),
  to: z.number().check(z.int(), z.gte(0)),
  quote: z.string().check(z.maxLength(5_000)),
  message: z.string().check(z.maxLength(300)),
  detail: z.optional(z.string().check(z.maxLength(2_000))),
});
export type CheckFinding = z.infer<typeof checkFindingSchema>;

/** FNV-1a of a string, as 8 hex digits: short, stable ids. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** A finding's id: its rule, its block and its words, so the same words keep the same id wherever they move in the block. */
export function checkFindingId({ rule, blockId, quote }: { rule: CheckRule; blockId: string; quote: string }): string {
  return `${rule}:${blockId}:${fnv1a(quote)}`;
}

/** The author's check settings (kept with the voice profile, docs/CHECKS.md "Settings"). */
export const checkSettingsSchema = z.object({
  /** Rules switched off; every rule runs by default. */
  disabledRules: z.array(checkRuleSchema).check(z.maxLength(CHECK_RULES.length)),
  /** A sentence longer than this many words is 'long'. */
  longSentenceWords: z.number().check(z.int(), z.gte(10), z.lte(200)),
  /** The author's own clichés, added to the list kept in the repository. */
  extraCliches: z.array(z.string().check(z.trim(), z.minLength(2), z.maxLength(80))).check(z.maxLength(500)),
});
export type CheckSettings = z.infer<typeof checkSettingsSchema>;

export const DEFAULT_CHECK_SETTINGS: CheckSettings = { disabledRules: [], longSentenceWords: 35, extraCliches: [] };

/** How many ignored findings one document remembers; past it the oldest is forgotten (docs/CHECKS.md "Settings and what is remembered"). */
export const CHECKS_IGNORED_MAX = 1_000;
export const checkFindingIdSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** GET /api/checks/ignored?fileId=: the findings ignored in one document. */
export const checksIgnoredQuerySchema = z.object({ fileId: z.string().check(z.minLength(1), z.maxLength(64)) });
/** POST /api/checks/ignored: remember (or forget) that a finding of this document is ignored. Idempotent. */
export const checksIgnoredBodySchema = z.object({
  fileId: z.string().check(z.minLength(1), z.maxLength(64)),
  findingId: checkFindingIdSchema,
  ignored: z.boolean(),
});
export type ChecksIgnoredBody = z.infer<typeof checksIgnoredBodySchema>;
/** The document's ignored finding ids, oldest first. */
export const checksIgnoredAnswerSchema = z.object({ ignored: z.array(z.string()) });
export type ChecksIgnoredAnswer = z.infer<typeof checksIgnoredAnswerSchema>;

/** POST /api/checks/ai: the document's (or selection's) blocks, answered with the AI's findings. */
export const aiChecksBodySchema = z.object({
  fileId: z.string().check(z.minLength(1), z.maxLength(64)),
  blocks: z.array(checkBlockSchema).check(z.minLength(1), z.maxLength(5_000)),
});
export type AiChecksBody = z.infer<typeof aiChecksBodySchema>;
export const aiChecksAnswerSchema = z.object({ findings: z.array(checkFindingSchema) });
export type AiChecksAnswer = z.infer<typeof aiChecksAnswerSchema>;

/**
 * The most text one AI checks call reads (the blocks' text together, about 16,000 words): a longer
 * document is checked a selection at a time (400 checks_text_too_long, docs/CHECKS.md "AI checks").
 */
export const AI_CHECKS_MAX_CHARS = 100_000;
