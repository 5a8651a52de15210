import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogClose } from '../../ui';
import { AccountSection } from './AccountSection';
import { useSignOutEverywhere } from './api';
import { formProblemOf } from './formErrors';

/** 'Sign out everywhere': after a confirmation, every session of the account ends, this one included (docs/ACCOUNT.md). */
export function SignOutEverywhereSection() {
  const [open, setOpen] = useState(false);
  const signOut = useSignOutEverywhere();
  const failure = signOut.isError ? formProblemOf(signOut.error).message : null;
  return (
    <AccountSection
      id="account-sign-out-everywhere"
      title="Sign out everywhere"
      description="Signs you out on every device and browser, this one included. Use it if you signed in on a computer that is not yours."
    >
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!signOut.isPending) setOpen(next);
        }}
        title="Sign out everywhere?"
        description="You will be signed out on every device and browser, including this one, and will need your password to sign in again."
      >
        {failure && (
          <p role="alert" className="mb-4 text-sm text-danger">
            {failure}
          </p>
        )}
        <DialogActions>
          <DialogClose asChild>
            <Button variant="secondary" disabled={signOut.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" loading={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign out everywhere
          </Button>
        </DialogActions>
      </Dialog>
    </AccountSection>
  );
}
