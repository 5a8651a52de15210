import type { Config } from '../../config';
import type { AccountsRepository } from './accounts.repository';

/**
 * The one line Bree prints at start when addresses listed in ADMIN_EMAILS are not verified
 * and no mail server can send the verification link: how the operator verifies them by hand.
 * Null when there is nothing to do (no admins listed, all verified, or SMTP_URL set).
 */
export async function adminVerificationNotice({
  config,
  accounts,
  canSendMail,
}: {
  config: Pick<Config, 'adminEmails' | 'databaseUrl'>;
  accounts: Pick<AccountsRepository, 'findByEmails'>;
  canSendMail: boolean;
}): Promise<string | null> {
  if (canSendMail || config.adminEmails.length === 0) return null;
  const verified = new Set((await accounts.findByEmails({ emails: config.adminEmails })).filter((u) => u.emailVerified).map((u) => u.email));
  const pending = config.adminEmails.filter((email) => !verified.has(email));
  if (pending.length === 0) return null;
  const stopFirst = config.databaseUrl ? '' : ' (stop Bree first: the embedded database serves one process)';
  return (
    `Administrators (ADMIN_EMAILS) count once their address is verified, and without SMTP_URL Bree cannot mail the link: ` +
    `after creating the account, run \`npm run verify-email -- EMAIL\`${stopFirst} for ${pending.join(', ')}.`
  );
}
