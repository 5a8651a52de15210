import { z } from 'zod/mini';

/**
 * Who else has a document open (docs/COLLABORATION.md "Presence"). An open editor says it is there every
 * PRESENCE_HEARTBEAT_SECONDS and says goodbye when it closes; a window silent for PRESENCE_EXPIRY_SECONDS
 * (a crash, a lost network) is gone.
 */
export const PRESENCE_HEARTBEAT_SECONDS = 15;
export const PRESENCE_EXPIRY_SECONDS = 40;

/** One open window of the editor: a random id it keeps while open (not a secret; it names nobody). */
export const presenceSessionSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/));

/** POST /presence/{fileId} (I am here) and POST /presence/{fileId}/leave (I have gone). */
export const presenceParamsSchema = z.object({ fileId: z.string().check(z.minLength(1), z.maxLength(64)) });
/**
 * `sentAt`: the window's own clock when it sent this (ms). It orders one window's heartbeats and goodbye
 * (a heartbeat sent before the goodbye but heard after it is not a return); expiry runs on the server's clock.
 */
export const presenceBodySchema = z.object({
  sessionId: presenceSessionSchema,
  sentAt: z.optional(z.number().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER))),
});

/** A person with the document open: `you` is the caller, in another window or on another device. */
export const presencePersonSchema = z.object({
  /** Stable per person for this answer's list (keys a list item), not an account id. */
  key: z.string(),
  name: z.string(),
  you: z.boolean(),
  /** How many windows this person has it open in (besides the caller's own for `you`). */
  windows: z.number(),
});
export type PresencePerson = z.infer<typeof presencePersonSchema>;

/**
 * Everyone else with the document open now: other people first, then the caller's other windows; and
 * the document's revision, so an open window with nothing unsaved follows a save made elsewhere.
 */
export const presenceAnswerSchema = z.object({ people: z.array(presencePersonSchema), revision: z.number() });
export type PresenceAnswer = z.infer<typeof presenceAnswerSchema>;

/** What the editor's header says. */
export const PRESENCE_MESSAGES = {
  label: 'Also here',
  youElsewhere: (windows: number) => (windows === 1 ? 'You, in another window' : `You, in ${windows} other windows`),
  person: (name: string, windows: number) => (windows === 1 ? name : `${name} (${windows} windows)`),
} as const;
