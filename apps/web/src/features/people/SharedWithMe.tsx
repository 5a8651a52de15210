import { useId } from 'react';
import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import { sharedWithMe } from './api';
import { PEOPLE_TEXT, ROLE_LABELS } from './roles';

const edited = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * The list's 'Shared with me': other accounts' documents the caller was invited to, apart from
 * their own, each with its owner's name and the caller's role. Nothing while there are none.
 */
export function SharedWithMe() {
  const { api } = useServices();
  const ids = useId();
  // Asked again each time the list shows: someone may have shared or taken back a document meanwhile.
  const shared = useQuery({ queryKey: ['grants', 'shared-with-me'], queryFn: () => sharedWithMe(api), refetchOnMount: 'always' });
  if (!shared.data || shared.data.length === 0) return null;
  return (
    <section aria-labelledby={`${ids}-heading`} className="mt-8">
      <h2 id={`${ids}-heading`} className="font-serif text-lg font-semibold text-ink">
        {PEOPLE_TEXT.sharedWithMe}
      </h2>
      <ul className="mt-3 overflow-clip rounded-xl border border-line bg-surface shadow-card">
        {shared.data.map((doc) => (
          <li key={doc.id} className="border-b border-line last:border-b-0">
            <Link to={`/app/shared/${doc.id}`} className="block px-3 py-3 hover:bg-cream focus-visible:bg-cream sm:px-4">
              <span className="block truncate font-medium text-ink">{doc.name}</span>
              <span className="block text-xs text-muted sm:text-sm">
                {doc.ownerName} · {ROLE_LABELS[doc.role]} · Last edited {edited(doc.updatedAt)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
