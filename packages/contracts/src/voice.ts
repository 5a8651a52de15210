import { z } from 'zod/mini';

/** Where a voice profile stands: never analysed, being analysed, usable, or last analysis failed. */
export const VOICE_STATUSES = ['idle', 'analyzing', 'ready', 'failed'] as const;
export const voiceStatusSchema = z.enum(VOICE_STATUSES);
export type VoiceStatus = z.infer<typeof voiceStatusSchema>;

/** Longest style guide or note the author may store, in characters. */
export const VOICE_MAX_TEXT = 20_000;

/** 'Analyze my voice' with nothing to learn from (409 no_voice_samples): the server's message and the panel's note. */
export const NO_REPOSITORY_DOCUMENTS = 'Add a document to your repository first';

const distributionSchema = z.object({ mean: z.number(), median: z.number(), p10: z.number(), p90: z.number(), stdev: z.number() });

/** Stylometric figures computed locally from the author's samples (all per-1,000-word rates use word tokens). */
export const voiceStatsSchema = z.object({
  words: z.number().check(z.int()),
  sentences: z.number().check(z.int()),
  paragraphs: z.number().check(z.int()),
  sentenceLength: distributionSchema,
  vocabulary: z.object({ typeTokenRatio: z.number(), mattr: z.number(), mattrWindow: z.number().check(z.int()) }),
  punctuationPer1000Words: z.object({
    commas: z.number(),
    semicolons: z.number(),
    colons: z.number(),
    dashes: z.number(),
    exclamations: z.number(),
    questions: z.number(),
    ellipses: z.number(),
    parentheses: z.number(),
    quotes: z.number(),
  }),
  /** Each of the contracts' FUNCTION_WORDS per 1,000 words; absent from profiles analysed before it was measured. */
  functionWordsPer1000Words: z.optional(z.record(z.string(), z.number())),
  person: z.object({ first: z.number(), second: z.number(), third: z.number() }),
  tense: z.object({ past: z.number(), present: z.number() }),
  recurringPhrases: z.array(z.object({ phrase: z.string(), count: z.number().check(z.int()) })),
  readability: z.object({ fleschReadingEase: z.number(), fleschKincaidGrade: z.number(), syllablesPerWord: z.number() }),
  averageParagraphWords: z.number(),
});
export type VoiceStats = z.infer<typeof voiceStatsSchema>;

/** GET /api/voice/profile: the learned voice, readable and editable by the author. */
export const voiceProfileAnswerSchema = z.object({
  status: voiceStatusSchema,
  stats: z.nullable(voiceStatsSchema),
  styleGuide: z.string(),
  userNotes: z.string(),
  sampleCount: z.number().check(z.int()),
  sampleWords: z.number().check(z.int()),
  analyzedAt: z.nullable(z.string()),
  /** Why the last analysis failed; null otherwise. */
  error: z.nullable(z.string()),
});
export type VoiceProfileAnswer = z.infer<typeof voiceProfileAnswerSchema>;

/** PUT /api/voice/profile: the author's edits; omitted fields stay as they are. */
export const updateVoiceProfileBodySchema = z.object({
  tenantId: z.optional(z.string()),
  styleGuide: z.optional(z.string().check(z.maxLength(VOICE_MAX_TEXT))),
  userNotes: z.optional(z.string().check(z.maxLength(VOICE_MAX_TEXT))),
});
export type UpdateVoiceProfileBody = z.infer<typeof updateVoiceProfileBodySchema>;

/** POST /api/voice/analyze: answered at once; poll GET /api/voice/profile for progress. */
export const analyzeVoiceBodySchema = z.optional(z.object({ tenantId: z.optional(z.string()) }));
export const analyzeVoiceAnswerSchema = z.object({ status: z.literal('analyzing') });
