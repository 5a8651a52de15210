import { PRESENCE_MESSAGES, type PresencePerson } from '@bree/contracts';
import { useServices } from '../../../app/services';
import { cn } from '../../../ui';
import { usePresence } from './usePresence';

/** Avatars shown before the rest are counted ('+2'). */
const SHOWN = 3;

function initials(name: string): string {
  const words = name
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  return ((words[0]?.[0] ?? '?') + (words.length > 1 ? (words.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

const nameOf = (person: PresencePerson) =>
  person.you ? PRESENCE_MESSAGES.youElsewhere(person.windows) : PRESENCE_MESSAGES.person(person.name, person.windows);

/**
 * Who else has this document open, in the header: a round badge per person (the writer's own other
 * windows last, in outline), their names in the tooltip and for screen readers. Nothing while nobody is.
 */
export default function PresenceList({ fileId, compact = false }: { fileId: string; compact?: boolean }) {
  const { api } = useServices();
  const people = usePresence(api, fileId);
  if (people.length === 0) return null;
  const names = people.map(nameOf);
  const label = `${PRESENCE_MESSAGES.label}: ${names.join(', ')}`;
  return (
    <div title={label} data-testid="presence" className="flex shrink-0 items-center gap-1.5">
      {!compact && (
        <span aria-hidden="true" className="text-xs text-muted">
          {PRESENCE_MESSAGES.label}
        </span>
      )}
      <ul className="flex -space-x-1.5" aria-hidden="true">
        {people.slice(0, SHOWN).map((person) => (
          <li
            key={person.key}
            className={cn(
              'grid h-7 place-items-center rounded-full border-2 border-cream text-[0.7rem] font-semibold',
              // The writer's own other windows: a pill that says so, quieter than the people beside it.
              person.you ? 'bg-cream-deep px-2.5 text-ink-soft ring-1 ring-line-strong ring-inset' : 'w-7 bg-accent text-white',
            )}
          >
            {person.you ? 'You' : initials(person.name)}
          </li>
        ))}
        {people.length > SHOWN && (
          <li className="grid size-7 place-items-center rounded-full border-2 border-cream bg-cream-deep text-[0.7rem] text-ink-soft">
            +{people.length - SHOWN}
          </li>
        )}
      </ul>
      {/* Read out when someone arrives or leaves; the badges above are for the eye only. */}
      <span role="status" className="sr-only">
        {label}
      </span>
    </div>
  );
}
