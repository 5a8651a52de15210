import { useState } from 'react';
import { ADMIN, ADMIN_MESSAGES, type MetricsRange } from '@bree/contracts';
import { hasErrorCode } from '../../lib/errorCodes';
import { Button, Card, Input, PageHeader } from '../../ui';
import { useLookup } from './api';
import { RangeSelect } from './MetricsSection';
import { UserDetailModal } from './UserDetailModal';
import { UserList } from './UserList';

/** User Usage (the usage explorer): find a user by e-mail, or browse a segment; either opens the user's usage. */
export function UsageSection() {
  const [email, setEmail] = useState('');
  const [range, setRange] = useState<MetricsRange>(ADMIN.defaultRange);
  const [openUser, setOpenUser] = useState<string | null>(null);
  const lookup = useLookup();
  const search = (event: React.FormEvent) => {
    event.preventDefault();
    const wanted = email.trim();
    if (!wanted) return;
    lookup.mutate(wanted, { onSuccess: (answer) => setOpenUser(answer.data.userId) });
  };
  return (
    <section aria-label="User Usage">
      <PageHeader title="User Usage" description="Look up what a writer used: calls, tokens and voice minutes per month." />
      <Card className="mt-6">
        <form role="search" className="flex flex-wrap items-end gap-2" onSubmit={search}>
          <div className="min-w-56 flex-1">
            <Input label="E-mail address" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
          </div>
          <Button type="submit" disabled={email.trim() === ''} loading={lookup.isPending}>
            Search
          </Button>
        </form>
        {lookup.isError && (
          <p role="alert" className="mt-3 text-sm text-danger">
            {hasErrorCode(lookup.error, 'user_not_found') ? 'No account uses this e-mail address.' : ADMIN_MESSAGES.fetchUsageFailed}
          </p>
        )}
      </Card>
      <Card className="mt-6">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 className="font-serif text-lg font-semibold text-ink">Users by segment</h2>
          <RangeSelect range={range} onChange={setRange} />
        </div>
        <UserList range={range} onOpen={setOpenUser} />
      </Card>
      <UserDetailModal userId={openUser} onClose={() => setOpenUser(null)} />
    </section>
  );
}
