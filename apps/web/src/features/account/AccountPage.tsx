import { useServices } from '../../app/services';
import { PageHeader } from '../../ui';
import { DeleteAccountSection } from './DeleteAccountSection';
import { ExportDataSection } from './ExportDataSection';
import { ExternalAccountSection } from './ExternalAccountSection';
import { LocalSignInSections } from './LocalSignInSections';
import { SignOutEverywhereSection } from './SignOutEverywhereSection';

/**
 * /account: the writer's own account (docs/ACCOUNT.md). A plain composition of sections, one
 * component per file, so each part of the account can be added or changed on its own. With an
 * external sign-in provider, the password and the address are changed on its account page.
 */
export function AccountPage() {
  const { config } = useServices();
  const external = config.oidc.mode === 'external';
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title="Account settings" description="Your sign-in, your devices and your data." />
      {external ? <ExternalAccountSection accountUrl={config.oidc.accountUrl} /> : <LocalSignInSections />}
      {!external && <SignOutEverywhereSection />}
      <ExportDataSection />
      <DeleteAccountSection />
    </div>
  );
}
