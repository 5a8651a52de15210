import { GRANT_MESSAGES } from '@bree/contracts';
import { AppError } from '../../lib/errors';

/** Errors of sharing with people, each with a stable code (docs/SHARING.md "People"). */
export const grantsErrors = {
  /** Unknown, used and expired links get the same answer. */
  invitationNotFound: () => new AppError({ status: 404, code: 'invitation_not_found', message: GRANT_MESSAGES.invitationNotFound }),
  /** A grantee whose role does not cover the action: they know the document exists, so 403, not 404. */
  roleRefused: () => new AppError({ status: 403, code: 'role_refused', message: GRANT_MESSAGES.roleRefused }),
  selfInvite: () => new AppError({ status: 400, code: 'self_invite', message: GRANT_MESSAGES.selfInvite }),
};
