import { z } from 'zod/mini';

/**
 * Sharing a document with people (issue 42 item 1, docs/SHARING.md "People"): an owner invites
 * by e-mail with a role; the invitee's account then reads (Viewer, Commenter) or also edits
 * (Editor) the owner's document; a Commenter and an Editor also comment (comments.ts).
 */
export const DOCUMENT_ROLES = ['viewer', 'commenter', 'editor'] as const;
export const documentRoleSchema = z.enum(DOCUMENT_ROLES);
export type DocumentRole = z.infer<typeof documentRoleSchema>;
/** What the caller may do with a document: its owner, or one of the roles a grant gives. */
export type DocumentAccessRole = 'owner' | DocumentRole;

/** The people messages the owner and the invitee see, word for word. */
export const GRANT_MESSAGES = {
  /** An invitation link that is unknown, used or expired (the answer is the same). */
  invitationNotFound:
    "This invitation was already used or has expired. If you accepted it, the document is under 'Shared with me' in your documents; if not, ask the owner to invite you again.",
  /** A role that does not cover the action (a Viewer saving, say). */
  roleRefused: 'Your role on this document does not allow this.',
  /** The owner inviting their own address. */
  selfInvite: 'You already own this document.',
} as const;

const fileIdSchema = z.string().check(z.minLength(1), z.maxLength(64));
/**
 * What a grant covers: the document alone, or — given on a workspace's master — the whole
 * workspace: the master and every variant it has or will have.
 */
export const GRANT_SCOPES = ['document', 'workspace'] as const;
export const grantScopeSchema = z.enum(GRANT_SCOPES);
export type GrantScope = z.infer<typeof grantScopeSchema>;
// Not named tenantId: the tenancy hook refuses any tenantId other than the caller's (plugins/tenancy.ts).
const granteeIdSchema = z.string().check(z.minLength(1), z.maxLength(200));

/** POST /grants/invite (owner only). */
export const grantInviteBodySchema = z.object({
  fileId: fileIdSchema,
  email: z.email().check(z.maxLength(320)),
  role: documentRoleSchema,
  scope: z.optional(grantScopeSchema),
});
export type GrantInviteBody = z.infer<typeof grantInviteBodySchema>;
/** `link` is the invitation's address when no mail went out (no SMTP_URL): the owner copies it; null once mailed. */
export const grantInviteAnswerSchema = z.object({
  success: z.literal(true),
  mailed: z.boolean(),
  link: z.nullable(z.string()),
  expiresAt: z.string(),
});
export type GrantInviteAnswer = z.infer<typeof grantInviteAnswerSchema>;

/** POST /grants/accept/{token} (the signed-in invitee). */
export const grantTokenParamsSchema = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });
export const grantAcceptAnswerSchema = z.object({
  success: z.literal(true),
  fileId: z.string(),
  name: z.string(),
  role: z.union([z.literal('owner'), documentRoleSchema]),
  ownerName: z.string(),
});
export type GrantAcceptAnswer = z.infer<typeof grantAcceptAnswerSchema>;

/** GET /grants/people/{fileId} (owner only): who has access, and the invitations not yet accepted. */
export const grantFileParamsSchema = z.object({ fileId: fileIdSchema });
export const grantPersonSchema = z.object({
  granteeId: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  role: documentRoleSchema,
  scope: grantScopeSchema,
  /** Listed on a variant for a whole-workspace grant on its master: changed or removed there, not here. */
  throughWorkspace: z.boolean(),
  grantedAt: z.string(),
});
export type GrantPerson = z.infer<typeof grantPersonSchema>;
export const grantPeopleAnswerSchema = z.object({
  success: z.literal(true),
  people: z.array(grantPersonSchema),
  pending: z.array(z.object({ email: z.string(), role: documentRoleSchema, scope: grantScopeSchema, expiresAt: z.string() })),
});
export type GrantPeopleAnswer = z.infer<typeof grantPeopleAnswerSchema>;

/** POST /grants/role and /grants/remove (owner only). */
export const grantRoleBodySchema = z.object({ fileId: fileIdSchema, granteeId: granteeIdSchema, role: documentRoleSchema });
export const grantRemoveBodySchema = z.object({ fileId: fileIdSchema, granteeId: granteeIdSchema });
export const grantChangeAnswerSchema = z.object({ success: z.literal(true), changed: z.boolean() });

/** GET /grants/access/{fileId}: the caller's role on a document (404 without one, as for any document not theirs). */
export const grantAccessAnswerSchema = z.object({ success: z.literal(true), role: z.union([z.literal('owner'), documentRoleSchema]) });
export type GrantAccessAnswer = z.infer<typeof grantAccessAnswerSchema>;

/** GET /grants/shared-with-me: documents of other accounts granted to the caller, newest change first. */
export const sharedWithMeItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerName: z.string(),
  role: documentRoleSchema,
  updatedAt: z.string(),
});
export type SharedWithMeItem = z.infer<typeof sharedWithMeItemSchema>;
export const sharedWithMeAnswerSchema = z.object({ success: z.literal(true), documents: z.array(sharedWithMeItemSchema) });
export type SharedWithMeAnswer = z.infer<typeof sharedWithMeAnswerSchema>;
