import { FORGOT_PASSWORD_PATH } from './password-reset.routes';

/** The texts of the account settings' mails (docs/ACCOUNT.md), plain text like the other identity mails. */

/** To the owner after a password change: what happened and what to do if it was not them. */
export function passwordChangedMailText({ email, publicUrl }: { email: string; publicUrl: string }): string {
  return `Hello,

The password of the Bree account ${email} was just changed. Every other device was signed out.

If you did this, there is nothing more to do.

If you did not, someone knows your password: choose a new one at once with "Forgot password?" here:

${publicUrl}${FORGOT_PASSWORD_PATH}

— Bree
`;
}

/** To the new address: the single-use link that moves the account to it. */
export function emailChangeLinkMailText({ oldEmail, newEmail, link }: { oldEmail: string; newEmail: string; link: string }): string {
  return `Hello,

The Bree account ${oldEmail} asked to use ${newEmail} as its email address from now on.
To confirm this address, open this link within 24 hours:

${link}

The link works once. Until it is used, the account keeps its current address.
If you did not ask for this, you can ignore this email.

— Bree
`;
}

/** To the current address when a change is asked: nothing has changed yet. */
export function emailChangeNoticeMailText({ oldEmail, newEmail, publicUrl }: { oldEmail: string; newEmail: string; publicUrl: string }): string {
  return `Hello,

Someone signed in to the Bree account ${oldEmail} asked to change its email address to ${newEmail}.
Nothing changes until the link we sent to ${newEmail} is used.

If this was not you, change your password now in Account settings, or with "Forgot password?" here:

${publicUrl}${FORGOT_PASSWORD_PATH}

— Bree
`;
}

/** To the former address once the link was used. */
export function emailChangedMailText({ oldEmail, newEmail }: { oldEmail: string; newEmail: string }): string {
  return `Hello,

The Bree account that used ${oldEmail} now uses ${newEmail}. Sign in with ${newEmail} from now on.

If this was not you, contact the administrator of your Bree.

— Bree
`;
}
