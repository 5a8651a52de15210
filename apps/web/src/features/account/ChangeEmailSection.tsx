import { useState, type FormEvent } from 'react';
import type { AccountSummary } from '@bree/contracts';
import { Button, Input } from '../../ui';
import { AccountSection } from './AccountSection';
import { useChangeEmail } from './api';
import { formProblemOf, type FormProblem } from './formErrors';

/**
 * 'Email address': a confirmation link goes to the new address and the current one is told; the
 * address (and with it administrator rights) changes only when the link is used (docs/ACCOUNT.md).
 */
export function ChangeEmailSection({ summary }: { summary: AccountSummary }) {
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<FormProblem | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    change.mutate(
      { newEmail: email, currentPassword: password },
      {
        onSuccess: () => {
          setEmail('');
          setPassword('');
        },
        onError: (error) => setProblem(formProblemOf(error)),
      },
    );
  }

  const errorFor = (field: FormProblem['field']) => (problem?.field === field ? problem.message : undefined);
  const current = (
    <>
      You sign in with <strong className="font-medium text-ink">{summary.email}</strong>
      {summary.emailVerified ? '.' : ' (not confirmed yet).'}
    </>
  );
  if (!summary.canChangeEmail) {
    return (
      <AccountSection id="account-email" title="Email address" description={current}>
        <p className="text-sm text-ink-soft">This Bree does not send emails, so your address cannot be changed here. Ask your administrator.</p>
      </AccountSection>
    );
  }
  return (
    <AccountSection id="account-email" title="Email address" description={current}>
      <p role="status" className="mb-4 rounded-md bg-cream px-3 py-2 text-sm text-ink-soft empty:hidden">
        {summary.pendingEmail ? `We sent a confirmation link to ${summary.pendingEmail}. Your address changes when you open it (within 24 hours).` : ''}
      </p>
      <form onSubmit={submit} noValidate className="flex max-w-sm flex-col gap-4">
        <Input
          label="New email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errorFor('email')}
        />
        <Input
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errorFor('current')}
        />
        {problem?.field === 'form' && (
          <p role="alert" className="text-sm text-danger">
            {problem.message}
          </p>
        )}
        <Button type="submit" className="self-start" loading={change.isPending} disabled={!email || !password}>
          Send confirmation link
        </Button>
      </form>
    </AccountSection>
  );
}
