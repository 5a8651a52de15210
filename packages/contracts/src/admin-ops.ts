import { z } from 'zod/mini';

/**
 * The installation's AI switch (docs/OPERATIONS.md "The AI switch"): each flag turns a part of the
 * assistant off for everyone. `assistantOff` is all of it (both tiers and dictation), `premiumOff`
 * the premium tier only (calls run on fast), `dictationOff` speech to text.
 */
export const aiSwitchSchema = z.strictObject({
  assistantOff: z.boolean(),
  premiumOff: z.boolean(),
  dictationOff: z.boolean(),
});
export type AiSwitch = z.infer<typeof aiSwitchSchema>;

/** GET and PUT /api/admin/ai-switch answer the switch as every process now has it. */
export const aiSwitchAnswerSchema = z.object({ aiSwitch: aiSwitchSchema });
export type AiSwitchAnswer = z.infer<typeof aiSwitchAnswerSchema>;

/** The actions the admin audit log records, one name each (docs/OPERATIONS.md "Audit log"). */
export const ADMIN_AUDIT_ACTIONS = [
  'ai.switch',
  'feedback.update',
  'feedback.delete',
  'feedback.attachment',
  'publishing.draft',
  'publishing.publish',
  'publishing.unpublish',
  'usage.lookup',
  'usage.view',
] as const;
export const adminAuditActionSchema = z.enum(ADMIN_AUDIT_ACTIONS);
export type AdminAuditAction = z.infer<typeof adminAuditActionSchema>;

/** Rows per page of the audit log. */
export const ADMIN_AUDIT_PAGE_SIZE = 50;

/** One entry of the audit log: who (the administrator's account and address), what, when. */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorEmail: z.nullable(z.string()),
  action: adminAuditActionSchema,
  target: z.nullable(z.string()),
  detail: z.record(z.string(), z.unknown()),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/** GET /api/admin/audit-log?cursor= — newest first, ADMIN_AUDIT_PAGE_SIZE a page. */
export const adminAuditQuerySchema = z.strictObject({ cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(100))) });
export const adminAuditAnswerSchema = z.object({ items: z.array(adminAuditEntrySchema), nextCursor: z.nullable(z.string()) });
export type AdminAuditAnswer = z.infer<typeof adminAuditAnswerSchema>;
