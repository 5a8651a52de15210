import { Spinner } from '../../ui';
import { useAccountSummary } from './api';
import { ChangeEmailSection } from './ChangeEmailSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { AccountSection } from './AccountSection';

/** The address and the password of an account of Bree's own sign-in, once the account is read. */
export function LocalSignInSections() {
  const summary = useAccountSummary({ enabled: true });
  if (summary.isPending) {
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <AccountSection id="account-email" title="Email address" description="Your account could not be loaded. Check your connection and reload the page." />
    );
  }
  return (
    <>
      <ChangeEmailSection summary={summary.data} />
      <ChangePasswordSection />
    </>
  );
}
