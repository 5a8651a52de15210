import { buttonClasses } from '../../ui';
import { AccountSection } from './AccountSection';

/** With an external sign-in provider, the password and the address are changed on its own account page (OIDC_ACCOUNT_URL; docs/ACCOUNT.md). */
export function ExternalAccountSection({ accountUrl }: { accountUrl: string | undefined }) {
  return (
    <AccountSection
      id="account-sign-in"
      title="Password and email address"
      description="Your password and email address belong to the sign-in provider of this Bree, so they are changed there."
    >
      {accountUrl ? (
        <a href={accountUrl} className={buttonClasses({ variant: 'secondary' })}>
          Manage your sign-in account
        </a>
      ) : (
        <p className="text-sm text-ink-soft">Ask your administrator where to change them.</p>
      )}
    </AccountSection>
  );
}
