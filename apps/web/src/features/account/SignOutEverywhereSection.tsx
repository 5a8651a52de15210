import { Card } from '../../ui';

/** 'Sign out everywhere': ends every session of the account, on every device (docs/ACCOUNT.md). */
export function SignOutEverywhereSection() {
  return (
    <Card aria-labelledby="account-sign-out-everywhere" role="region">
      <h2 id="account-sign-out-everywhere" className="font-serif text-lg font-semibold text-ink">
        Sign out everywhere
      </h2>
      <p className="mt-1 text-sm text-muted">Signs you out on every device and browser, this one included.</p>
    </Card>
  );
}
