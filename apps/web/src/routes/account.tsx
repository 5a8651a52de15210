import { AppFrame } from '../app/AppFrame';
import { AccountPage } from '../features/account';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** /account: account settings for the signed-in writer (docs/ACCOUNT.md). */
export default function AccountRoute() {
  useDocumentTitle('Account settings');
  return (
    <AppFrame>
      <AccountPage />
    </AppFrame>
  );
}
