import { z } from 'zod/mini';
import { AI_ACTIONS, AI_TIERS } from './ai';
import type { Authenticity } from './files';
import { VARIANT_ACTIONS } from './workspaces';

/**
 * What put AI-written text into a document (`docs/PROVENANCE.md`): an assistant
 * action, a workspace variant, a chat reply or a polished dictation.
 */
export const PROVENANCE_ACTIONS = [...AI_ACTIONS, ...VARIANT_ACTIONS, 'chat', 'dictation'] as const;
export type ProvenanceAction = (typeof PROVENANCE_ACTIONS)[number];

/** The attributes of the `aiProvenance` mark: which operation, which action, which tier, when. */
export const provenanceAttrsSchema = z.object({
  operationId: z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_-]+$/)),
  action: z.enum(PROVENANCE_ACTIONS),
  tier: z.enum(AI_TIERS),
  at: z.string().check(z.iso.datetime({ offset: true })),
});
export type ProvenanceAttrs = z.infer<typeof provenanceAttrsSchema>;

/** Characters of a text (whitespace left out) and how many of them carry the AI mark. */
export const authorshipSchema = z.object({
  textChars: z.number().check(z.int(), z.nonnegative()),
  aiChars: z.number().check(z.int(), z.nonnegative()),
});
export type Authorship = z.infer<typeof authorshipSchema>;

/** The two shares in whole percent, adding up to 100; null for a text without characters. */
export function authorshipPercent({ textChars, aiChars }: Authorship): { you: number; ai: number } | null {
  if (textChars <= 0) return null;
  let ai = Math.round((Math.min(aiChars, textChars) / textChars) * 100);
  // A single AI word is never shown as 0 %, nor a single word of the writer's as 100 %.
  if (aiChars > 0 && ai === 0) ai = 1;
  if (aiChars < textChars && ai === 100) ai = 99;
  return { you: 100 - ai, ai };
}

/** 'Written by you: 82 % · AI-assisted: 18 %': the document panel's line. */
export function authorshipLine(authorship: Authorship): string | null {
  const percent = authorshipPercent(authorship);
  return percent ? `Written by you: ${percent.you} % · AI-assisted: ${percent.ai} %` : null;
}

/** At or above this AI share the suggested tag is 'AI' (AI-generated); any AI text below it is 'AI-Assisted'. */
export const AI_GENERATED_SHARE = 75;

/** The authenticity tag the figures suggest (the author still decides): none for an empty text. */
export function suggestedAuthenticity(authorship: Authorship): Exclude<Authenticity, 'Untagged'> | null {
  const percent = authorshipPercent(authorship);
  if (!percent) return null;
  if (authorship.aiChars === 0) return 'Human';
  return percent.ai >= AI_GENERATED_SHARE ? 'AI' : 'AI-Assisted';
}
