import { useId, useState } from 'react';
import type { CheckFinding } from '@bree/contracts';
import { Button } from '../../../ui';
import { UnavailableButton } from '../../assistant/UnavailableButton';

/** What a finding's buttons do (ChecksPanel wires them). */
export interface FindingActions {
  /** Selects the finding's words and brings them into view. */
  onShow(finding: CheckFinding): void;
  onRewrite(finding: CheckFinding): void;
  onIgnore(finding: CheckFinding): void;
  onIgnoreRule(finding: CheckFinding): void;
}

/** Rule names as the list shows them (docs/CHECKS.md). */
const RULE_NAMES: Record<CheckFinding['rule'], string> = {
  'long-sentence': 'Long sentence',
  'repeated-word': 'Repeated word',
  'repeated-opening': 'Repeated opening',
  'passive-voice': 'Passive voice',
  'filler-word': 'Filler word',
  'hedge-word': 'Hedge word',
  cliche: 'Cliché',
  'adverb-density': 'Adverbs',
  readability: 'Readability',
  'off-voice': 'Unlike you',
  clarity: 'Clarity',
  'logic-gap': 'Logic gap',
  'unsupported-claim': 'Unsupported claim',
  'tone-drift': 'Tone drift',
};

/** A quote is shortened in the list; the text itself shows it whole. */
function shortQuote(quote: string): string {
  if (quote.length <= 90) return quote;
  // Cut at a word's end, never inside one.
  const cut = quote.slice(0, 88);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

/**
 * One finding: its message and quoted words (a button that shows them in the text), its
 * explanation behind 'Details', and its actions.
 */
export function FindingItem({ finding, actions, aiAvailable }: { finding: CheckFinding; actions: FindingActions; aiAvailable: boolean }) {
  const [open, setOpen] = useState(false);
  const detailId = useId();
  return (
    <li className="rounded-md border border-line bg-paper p-2" data-testid="check-finding" data-rule={finding.rule}>
      <button
        type="button"
        data-finding-id={finding.id}
        onClick={() => actions.onShow(finding)}
        className="w-full rounded text-left focus-visible:outline-2 focus-visible:outline-accent"
      >
        {/* The rule's name, unless the message already starts with it ('Cliché: …'). */}
        {!finding.message.toLowerCase().startsWith(RULE_NAMES[finding.rule].toLowerCase()) && (
          <span className="block text-xs font-semibold text-muted">{RULE_NAMES[finding.rule]}</span>
        )}
        <span className="block text-sm text-ink">{finding.message}</span>
        <q className="mt-1 block text-sm text-ink-soft italic">{shortQuote(finding.quote)}</q>
      </button>
      {open && finding.detail && (
        <p id={detailId} className="mt-1 text-xs text-ink-soft">
          {finding.detail}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-1">
        {finding.detail && (
          <Button size="sm" variant="ghost" aria-expanded={open} aria-controls={open ? detailId : undefined} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide details' : 'Details'}
          </Button>
        )}
        {aiAvailable ? (
          <Button size="sm" variant="secondary" onClick={() => actions.onRewrite(finding)}>
            Rewrite in my voice
          </Button>
        ) : (
          // Says why before it is pressed, like every AI button without a provider.
          <UnavailableButton className="rounded-md border border-line px-2 py-1 text-xs">Rewrite in my voice</UnavailableButton>
        )}
        <Button size="sm" variant="ghost" onClick={() => actions.onIgnore(finding)}>
          Ignore
        </Button>
        <Button size="sm" variant="ghost" onClick={() => actions.onIgnoreRule(finding)}>
          Ignore this rule
        </Button>
      </div>
    </li>
  );
}
