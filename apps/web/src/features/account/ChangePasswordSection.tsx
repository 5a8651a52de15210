import { useState, type FormEvent } from 'react';
import { Button, Input } from '../../ui';
import { AccountSection } from './AccountSection';
import { useChangePassword } from './api';
import { formProblemOf, type FormProblem } from './formErrors';

const MISMATCH: FormProblem = { field: 'new', message: 'The two passwords do not match.' };

/** 'Password': the current password proves it is the owner; the other devices are signed out, this one stays (docs/ACCOUNT.md). */
export function ChangePasswordSection() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [done, setDone] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (next !== confirmation) return setProblem(MISMATCH);
    setProblem(null);
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setConfirmation('');
          setDone(true);
        },
        onError: (error) => setProblem(formProblemOf(error)),
      },
    );
  }

  const errorFor = (field: FormProblem['field']) => (problem?.field === field ? problem.message : undefined);
  return (
    <AccountSection id="account-password" title="Password" description="Changing your password signs you out on every other device.">
      <form onSubmit={submit} noValidate className="flex max-w-sm flex-col gap-4">
        <Input
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          error={errorFor('current')}
        />
        <Input
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          required
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={errorFor('new')}
        />
        <Input
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
        />
        {problem?.field === 'form' && (
          <p role="alert" className="text-sm text-danger">
            {problem.message}
          </p>
        )}
        <p role="status" className="text-sm text-ink-soft empty:hidden">
          {done ? 'Your password was changed. Every other device was signed out.' : ''}
        </p>
        <Button type="submit" className="self-start" loading={change.isPending} disabled={!current || !next || !confirmation}>
          Change password
        </Button>
      </form>
    </AccountSection>
  );
}
