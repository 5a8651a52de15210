import { PageHeader } from '../../ui';
import { DeleteAccountSection } from './DeleteAccountSection';
import { SignOutEverywhereSection } from './SignOutEverywhereSection';

/**
 * /account: the writer's own account (docs/ACCOUNT.md). A plain composition of sections, one
 * component per file, so each part of the account can be added or changed on its own.
 */
export function AccountPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title="Account settings" description="Your sign-in, your devices and your data." />
      <SignOutEverywhereSection />
      <DeleteAccountSection />
    </div>
  );
}
