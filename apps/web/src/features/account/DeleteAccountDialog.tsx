import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogClose, Input } from '../../ui';
import { deletionProblem, typedEmailMatches, type DeletionProblem } from './deleteAccount';

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog; focus returns to it when the dialog closes. */
  trigger?: ReactNode;
  /** The account's address, which the writer types to confirm. */
  email: string | undefined;
  /** An account of Bree's own sign-in also confirms with its password; an external issuer's has none here. */
  asksPassword: boolean;
  /** Billing is on: records of what was billed are kept, and the page says so. */
  billingEnabled: boolean;
  /** Sends the deletion; resolves once the account is gone (the caller then signs out). */
  onConfirm: (input: { email: string; password: string | undefined }) => Promise<void>;
}

/** What goes with the account (docs/ACCOUNT.md "Delete my account"). */
const REMOVED = [
  'Every document, in the list and in the Trash, with its versions, tags and dictations',
  'Shared links: they stop working at once',
  'Chat conversations and the assistant’s stored results',
  'Your voice profile, your settings and your search index',
  'Feedback you sent, with its screenshots and files',
  'Your sign-in: you are signed out on every device',
];

/**
 * The confirmation of 'Delete my account': what is removed, what is kept, and the account's address
 * (and password) typed to confirm. The Delete button waits for the address to match.
 */
export function DeleteAccountDialog({ open, onOpenChange, trigger, email, asksPassword, billingEnabled, onConfirm }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<DeletionProblem | null>(null);
  const [deleting, setDeleting] = useState(false);
  const ready = typedEmailMatches(typed, email) && (!asksPassword || password.length > 0);

  const change = (next: boolean) => {
    if (deleting) return;
    if (!next) {
      setTyped('');
      setPassword('');
      setProblem(null);
    }
    onOpenChange(next);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || deleting) return;
    setDeleting(true);
    setProblem(null);
    try {
      await onConfirm({ email: typed, password: asksPassword ? password : undefined });
    } catch (error) {
      setProblem(deletionProblem(error));
      setDeleting(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      trigger={trigger}
      title="Delete your account?"
      description="This cannot be undone. Export your data first if you want a copy."
    >
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <div>
          <h3 className="text-sm font-semibold text-ink">Deleted for good</h3>
          <ul className="mt-1.5 list-disc space-y-1 pl-5 text-sm text-ink-soft">
            {REMOVED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="text-sm font-semibold text-ink">Kept</h3>
          <p className="mt-1.5 text-sm text-ink-soft" data-testid="delete-account-kept">
            {billingEnabled
              ? 'Billing records only, as the law requires: if you ever subscribed, your invoices at Stripe and the usage they were made from are kept, no longer linked to this address. A subscription is cancelled now, with nothing more to pay.'
              : 'Nothing.'}
          </p>
        </div>
        <Input
          label="Type your e-mail address to confirm"
          hint={email ? `Your account’s address is ${email}.` : undefined}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={problem?.field === 'email' ? problem.message : undefined}
        />
        {asksPassword && (
          <Input
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={problem?.field === 'password' ? problem.message : undefined}
          />
        )}
        {problem?.field === 'form' && (
          <p role="alert" className="text-sm text-danger">
            {problem.message}
          </p>
        )}
        <DialogActions>
          <DialogClose asChild>
            <Button type="button" variant="secondary" disabled={deleting}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant="danger" disabled={!ready} loading={deleting}>
            Delete my account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
