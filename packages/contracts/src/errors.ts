import { z } from 'zod/mini';

/** Every error answer of the API has this shape. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.record(z.string(), z.unknown())),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Every error code the server sends, the one list: server error factories are typed by it (a
 * code not listed here does not compile) and the web branches on these, not on status numbers.
 */
export const ERROR_CODES = {
  // Any route: authentication, tenancy, request shape, limits, replays, the unexpected.
  unauthorized: 'unauthorized',
  invalidToken: 'invalid_token',
  identityUnavailable: 'identity_unavailable',
  tenantMismatch: 'tenant_mismatch',
  forbidden: 'forbidden',
  notFound: 'not_found',
  validationFailed: 'validation_failed',
  invalidJson: 'invalid_json',
  invalidRequest: 'invalid_request',
  /** 400: a string field holds NUL or a broken surrogate pair (details.field names it). */
  invalidText: 'invalid_text',
  badRequest: 'bad_request',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  /** 409: the X-Operation-Id was already used (within 24 h) for a different request. */
  operationIdReused: 'operation_id_reused',
  /** 503 with Retry-After: the first request with this X-Operation-Id is still running. */
  operationInProgress: 'operation_in_progress',
  internal: 'internal_error',
  /** 503 with Retry-After: the database cannot be reached just now (a restart, a failover); retrying may succeed. */
  serviceUnavailable: 'service_unavailable',
  // Sign-in pages of the embedded issuer.
  interactionExpired: 'interaction_expired',
  crossSiteForm: 'cross_site_form',
  // Documents and versions.
  fileNotFound: 'file_not_found',
  folderDeleteUnsupported: 'folder_delete_unsupported',
  pathExists: 'path_exists',
  invalidPath: 'invalid_path',
  /** 400: a list cursor this server did not give out (garbage, wrong types, dates out of range). */
  invalidCursor: 'invalid_cursor',
  revisionConflict: 'revision_conflict',
  invalidDocument: 'invalid_document',
  documentTooLarge: 'document_too_large',
  documentTooDeep: 'document_too_deep',
  versionNotFound: 'version_not_found',
  /** 400: a version's name is empty after trimming or longer than VERSION_NAME_MAX characters. */
  versionNameInvalid: 'version_name_invalid',
  /** 409: discarding a document that holds or once held text, or that the writer named, tagged or changed (docs/TRASH.md). */
  documentNotEmpty: 'document_not_empty',
  // AI and its metering.
  aiNotConfigured: 'ai_not_configured',
  invalidInput: 'invalid_input',
  operationNotFound: 'operation_not_found',
  /** 400: Ask AI without an instruction (an empty or blank one). */
  instructionRequired: 'instruction_required',
  /** The SSE error event of an operation the author cancelled: nothing was stored (docs/ASSISTANT.md "Ask AI"). */
  operationCancelled: 'operation_cancelled',
  rewriteFailed: 'rewrite_failed',
  fillParagraphFailed: 'fill_paragraph_failed',
  fillSentenceFailed: 'fill_sentence_failed',
  insertContentFailed: 'insert_content_failed',
  budgetExceeded: 'budget_exceeded',
  /**
   * 402: the call needs pay-as-you-go (the plan's credit or call cap is used up) and the writer has not
   * turned it on; `details` carries `dollarsPerCall`, `spendingLimit` and what ran out (docs/BILLING.md#pay-as-you-go).
   */
  paygOff: 'payg_off',
  /** The model could not answer a chat message (its SSE error event; the question stays stored). */
  chatFailed: 'chat_failed',
  /** 400: the text sent to the AI checks is longer than AI_CHECKS_MAX_CHARS (docs/CHECKS.md "AI checks"). */
  checksTextTooLong: 'checks_text_too_long',
  /** 502: the AI checks' model call failed or its answer could not be read (the call is metered as it ran). */
  checksFailed: 'checks_failed',
  // Dictation (voice transcription).
  /** 402: the recording's minutes do not fit in the plan's voice minutes this month. */
  voiceMinutesExceeded: 'voice_minutes_exceeded',
  /** 415: the upload is not audio in a container Bree transcribes (checked by content, not by header). */
  unsupportedAudio: 'unsupported_audio',
  /** 413: the recording is longer than DICTATION_LIMITS allows. */
  audioTooLong: 'audio_too_long',
  /** 502: the transcription model failed or returned nothing. */
  transcriptionFailed: 'transcription_failed',
  // The Author's Voice.
  noVoiceSamples: 'no_voice_samples',
  // Workspaces and variants.
  /** 400: Focus instructions longer than 500 characters. */
  instructionsTooLong: 'instructions_too_long',
  /** 409: a variant action on a document that is not (yet) a workspace. */
  workspaceRequired: 'workspace_required',
  /** 409: converting a variant (a variant belongs to its master's workspace). */
  variantNotConvertible: 'variant_not_convertible',
  /** 404: the id names no variant of this tenant. */
  variantNotFound: 'variant_not_found',
  /** The AI generation of a variant failed (its SSE error event and the variant's failure). */
  variantFailed: 'variant_failed',
  // Search.
  /** 503: meaning search needs an embedding model (AI_EMBEDDING_MODEL) and the pgvector extension; text search still works. */
  vectorSearchUnavailable: 'vector_search_unavailable',
  // Exporting all of an account's data (docs/ACCOUNT.md "Export all my data").
  /** 409: an export of this account is still being made (one at a time per account). */
  exportInProgress: 'export_in_progress',
  // Sharing.
  /** 404: no live share has this slug (never existed, switched off or replaced: the answer is the same). */
  shareNotFound: 'share_not_found',
  // Sharing with people (docs/SHARING.md "People").
  /** 404: an invitation link that is unknown, used or expired (the same answer for each). */
  invitationNotFound: 'invitation_not_found',
  /** 403: the caller's role on a shared document does not cover the action (a Viewer saving). */
  roleRefused: 'role_refused',
  /** 400: an owner inviting their own account. */
  selfInvite: 'self_invite',
  // Comments (docs/COLLABORATION.md "Comments").
  /** 404: no comment or thread of a document the caller can read has this id. */
  commentNotFound: 'comment_not_found',
  /** 403: editing or deleting a comment someone else wrote. */
  commentNotYours: 'comment_not_yours',
  /** 409: the document already holds COMMENT_MAX_THREADS threads. */
  tooManyComments: 'too_many_comments',
  /** 404: no suggestion of a document the caller can read has this id. */
  suggestionNotFound: 'suggestion_not_found',
  /** 409: the document already holds SUGGESTION_MAX_OPEN open suggestions. */
  tooManySuggestions: 'too_many_suggestions',
  // Billing.
  /** 503: the server has no STRIPE_SECRET_KEY; every tenant has the DEFAULT_PLAN. */
  billingNotConfigured: 'billing_not_configured',
  /** 502: Stripe refused or could not be reached; nothing was changed. */
  billingProviderError: 'billing_provider_error',
  /** 400: a webhook without a valid Stripe-Signature (missing, wrong secret, tampered, or older than 300 s). */
  invalidSignature: 'invalid_signature',
  /** 400: a signed webhook event of a shape Bree cannot apply (details.field names the first wrong field); nothing was recorded. */
  invalidWebhookEvent: 'invalid_webhook_event',
  /** 409: checkout for a tenant that already has an active subscription (the portal manages it). */
  alreadySubscribed: 'already_subscribed',
  /** 409: the portal for a tenant that has never checked out (no Stripe customer yet). */
  noBillingCustomer: 'no_billing_customer',
  /** 404: no checkout session of this tenant has this id. */
  checkoutSessionNotFound: 'checkout_session_not_found',
  /** 402: the tenant's plan does not include this feature (workspaces come with Pro). */
  planRequired: 'plan_required',
  // Feedback.
  /** 404: no feedback item has this id. */
  feedbackNotFound: 'feedback_not_found',
  /** 404: the feedback item has no attachment with this id (or its file is gone from storage). */
  attachmentNotFound: 'attachment_not_found',
  /** 413: more than 3 files attached to one feedback. */
  tooManyFiles: 'too_many_files',
  // Images (docs/IMAGES.md).
  /** 404: no image of this tenant has this id (or, on a public page, the image is not in that shared or published document). */
  imageNotFound: 'image_not_found',
  /** 413: the upload is larger than IMAGE_LIMITS.maxUploadBytes. */
  imageTooLarge: 'image_too_large',
  /** 413: the re-encoded image would take the account's images over IMAGE_LIMITS.maxAccountBytes. */
  imageQuotaExceeded: 'image_quota_exceeded',
  /** 415: the bytes are not PNG, JPEG, WebP or GIF (SVG is refused; the name and declared type are not trusted). */
  unsupportedImage: 'unsupported_image',
  /** 422: the bytes start like an image but cannot be decoded. */
  imageUnreadable: 'image_unreadable',
  /** 422: the header declares more than IMAGE_LIMITS.maxInputPixels pixels (a decompression bomb); nothing was decoded. */
  imageTooManyPixels: 'image_too_many_pixels',
  // Admin portal and publishing.
  /** 404: no account has this id, or this e-mail address (the usage explorer's lookup). */
  userNotFound: 'user_not_found',
  /** 403: the publishing manager belongs to the tenant named by PUBLISHING_TENANT only. */
  publishingNotAllowed: 'publishing_not_allowed',
  /** 404: the document is not one the publishing manager lists (another tenant's, deleted, a variant…). */
  documentNotPublishable: 'document_not_publishable',
  /** 409: another post of the same category already has this slug. */
  slugTaken: 'slug_taken',
  /** 409: unpublishing a document that has no published post. */
  notPublished: 'not_published',
  // Account settings of Bree's own sign-in (docs/ACCOUNT.md).
  /** 400: the current password typed to change the password or the address is wrong. */
  currentPasswordIncorrect: 'current_password_incorrect',
  /** 400: the new password is shorter than 8 characters. */
  passwordTooShort: 'password_too_short',
  /** 400: the new password is longer than 1024 characters. */
  passwordTooLong: 'password_too_long',
  /** 400: the new address is not a plausible e-mail address. */
  invalidEmail: 'invalid_email',
  /** 400: the new address is the account's address already. */
  emailUnchanged: 'email_unchanged',
  /** 409: another account has this address (when asked, or by the time the link is used). */
  emailTaken: 'email_taken',
  /** 409: this Bree sends no mail (no SMTP_URL), so a new address could not be confirmed. */
  mailNotConfigured: 'mail_not_configured',
  // Deleting the account (docs/ACCOUNT.md "Delete my account").
  /** 400: the e-mail address typed to confirm the deletion is not the account's. */
  deleteEmailMismatch: 'delete_email_mismatch',
  /** 400: the password typed to confirm the deletion of a local account is missing or wrong. */
  deletePasswordIncorrect: 'delete_password_incorrect',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

const ERROR_CODE_VALUES = Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
/** The list as a zod enum, for schemas that name a code. */
export const errorCodeSchema = z.enum(ERROR_CODE_VALUES);

/** True when a string is one of the server's error codes. */
export function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODE_VALUES as readonly string[]).includes(value);
}
