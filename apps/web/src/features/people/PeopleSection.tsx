import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentRole, GrantPerson } from '@bree/contracts';
import { useServices } from '../../app/services';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { Button, Input } from '../../ui';
import { copyText } from '../editor/clipboard';
import { changeRole, invitePerson, listPeople, removePerson } from './api';
import { PEOPLE_TEXT, ROLE_LABELS } from './roles';
import { RoleSelect } from './RoleSelect';
import { useWorkspaceMetadata } from '../workspaces/useWorkspace';

const peopleKey = (fileId: string) => ['grants', 'people', fileId] as const;

/**
 * The sharing panel's 'People' (docs/SHARING.md "People"): invite by e-mail with a role, see who has
 * access and who is invited, change a role or remove a person. Owner only: the panel is the owner's.
 */
export default function PeopleSection({ fileId }: { fileId: string }) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  const ids = useId();
  const people = useQuery({ queryKey: peopleKey(fileId), queryFn: () => listPeople(api, fileId) });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<DocumentRole>('viewer');
  // On a workspace's master, an invitation may cover the whole workspace (every variant, now and later).
  const isMaster = useWorkspaceMetadata(fileId).data?.isMaster === true;
  const [wholeWorkspace, setWholeWorkspace] = useState(true);
  const [inviting, setInviting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: peopleKey(fileId) });

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setInviting(true);
    setError(null);
    setLink(null);
    try {
      const answer = await invitePerson(api, { fileId, email: email.trim(), role, scope: isMaster && wholeWorkspace ? 'workspace' : 'document' });
      if (answer.link) setLink({ email: email.trim(), url: answer.link });
      else notify.success(PEOPLE_TEXT.invited(email.trim()));
      setEmail('');
      await refresh();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : PEOPLE_TEXT.inviteFailed);
    } finally {
      setInviting(false);
    }
  };

  const copy = async (url: string) => {
    if (await copyText(url)) notify.success('Link copied');
    else notify.error('The link could not be copied: select it and copy it yourself.');
  };

  return (
    <section aria-labelledby={`${ids}-heading`} className="border-t border-line pt-4">
      <h2 id={`${ids}-heading`} className="font-serif text-base font-semibold text-ink">
        {PEOPLE_TEXT.heading}
      </h2>
      <p className="text-sm text-muted">{PEOPLE_TEXT.intro}</p>
      <form className="mt-3 space-y-2" onSubmit={(e) => void invite(e)}>
        <Input
          label="Email address"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          {...(error ? { error } : {})}
        />
        <div className="flex items-end gap-2">
          <RoleSelect label="Role" className="flex-1" value={role} onChange={setRole} />
          <Button type="submit" className="h-10 shrink-0" loading={inviting} disabled={inviting || email.trim() === ''}>
            Invite
          </Button>
        </div>
        {isMaster && (
          <label className="flex items-center gap-2 text-sm text-ink-soft">
            <input type="checkbox" className="size-4 accent-accent" checked={wholeWorkspace} onChange={(e) => setWholeWorkspace(e.currentTarget.checked)} />
            {PEOPLE_TEXT.wholeWorkspace}
          </label>
        )}
      </form>
      {link && (
        <div className="mt-3 space-y-2 rounded-md border border-line bg-cream p-3" role="status">
          <p className="text-sm text-ink-soft">{PEOPLE_TEXT.linkReady(link.email)}</p>
          <input
            readOnly
            aria-label="Invitation link"
            value={link.url}
            onFocus={(e) => e.currentTarget.select()}
            className="w-full rounded-md border border-line-strong bg-surface px-3 py-2 text-sm text-ink"
          />
          <Button size="sm" variant="secondary" onClick={() => void copy(link.url)}>
            Copy link
          </Button>
        </div>
      )}
      <h3 className="mt-4 text-sm font-medium text-ink">People with access</h3>
      {people.data && people.data.people.length === 0 && <p className="text-sm text-muted">{PEOPLE_TEXT.nobody}</p>}
      <ul className="mt-1 space-y-2" aria-label="People with access">
        {people.data?.people.map((person) => (
          <PersonRow key={person.granteeId} fileId={fileId} person={person} onChanged={refresh} />
        ))}
      </ul>
      {people.data && people.data.pending.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-medium text-ink">Invited</h3>
          <ul className="mt-1 space-y-1 text-sm text-ink-soft" aria-label="Invited">
            {people.data.pending.map((p) => (
              <li key={`${p.email}-${p.expiresAt}`}>
                {p.email} · {ROLE_LABELS[p.role]}
                {p.scope === 'workspace' ? ` · ${PEOPLE_TEXT.workspaceScope}` : ''} · until {new Date(p.expiresAt).toLocaleDateString()}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function PersonRow({ fileId, person, onChanged }: { fileId: string; person: GrantPerson; onChanged: () => Promise<void> }) {
  const { api } = useServices();
  const [busy, setBusy] = useState(false);
  const act = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) notify.success(done);
      await onChanged();
    } catch {
      notify.error(PEOPLE_TEXT.changeFailed);
    } finally {
      setBusy(false);
    }
  };
  const who = (
    <span className="min-w-0 flex-1">
      <span className="block truncate text-sm text-ink">{person.name}</span>
      {person.email && <span className="block truncate text-xs text-muted">{person.email}</span>}
      {person.scope === 'workspace' && !person.throughWorkspace && <span className="block text-xs text-muted">{PEOPLE_TEXT.workspaceScope}</span>}
    </span>
  );
  // A whole-workspace grant is the master's: this variant's panel says so, and the master's panel changes it.
  if (person.throughWorkspace)
    return (
      <li className="flex flex-wrap items-center gap-2">
        {who}
        <span className="text-right text-sm text-ink-soft">
          <span className="block">{ROLE_LABELS[person.role]}</span>
          <span className="block text-xs text-muted">{PEOPLE_TEXT.throughWorkspace}</span>
        </span>
      </li>
    );
  return (
    <li className="flex flex-wrap items-center gap-2">
      {who}
      <RoleSelect
        className="w-44 max-w-full"
        label={`Role of ${person.name}`}
        hideLabel
        value={person.role}
        disabled={busy}
        onChange={(role) => void act(() => changeRole(api, { fileId, granteeId: person.granteeId, role }))}
      />
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Remove ${person.name}`}
        disabled={busy}
        onClick={() => void act(() => removePerson(api, { fileId, granteeId: person.granteeId }), PEOPLE_TEXT.removed(person.name))}
      >
        Remove
      </Button>
    </li>
  );
}
