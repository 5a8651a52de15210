import { AI_CHECK_RULES, LOCAL_CHECK_RULES, VOICE_CHECK_RULES, type CheckRule, type CheckSettings } from '@bree/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Input, Spinner, Switch } from '../../../ui';
import { useCheckSettings } from './useCheckSettings';

/** Each rule's switch: its name and what it looks for (docs/CHECKS.md). */
const RULES: Record<CheckRule, { label: string; description: string }> = {
  'long-sentence': { label: 'Long sentences', description: 'Sentences longer than your limit below.' },
  'repeated-word': { label: 'Repeated words', description: 'The same word again in nearby sentences.' },
  'repeated-opening': { label: 'Repeated openings', description: 'Nearby sentences that start the same way.' },
  'passive-voice': { label: 'Passive voice', description: '“Was written by”, where the doer could lead.' },
  'filler-word': { label: 'Filler words', description: 'Words like “really” and “just”.' },
  'hedge-word': { label: 'Hedge words', description: 'Words like “perhaps” and “somewhat”.' },
  cliche: { label: 'Clichés', description: 'Bree’s list and your own below.' },
  'adverb-density': { label: 'Adverbs', description: 'Paragraphs thick with -ly words.' },
  readability: { label: 'Readability grade', description: 'Paragraphs above an easy reading grade.' },
  'off-voice': { label: 'Unlike you', description: 'Sentences well below your own voice match.' },
  clarity: { label: 'Clarity', description: 'Sentences a reader may not follow.' },
  'logic-gap': { label: 'Logic gaps', description: 'Steps the argument skips.' },
  'unsupported-claim': { label: 'Unsupported claims', description: 'Claims with nothing behind them.' },
  'tone-drift': { label: 'Tone drift', description: 'Passages that leave your tone.' },
};

const GROUPS: { title: string; rules: readonly CheckRule[] }[] = [
  { title: 'Style', rules: LOCAL_CHECK_RULES },
  { title: 'Your voice', rules: VOICE_CHECK_RULES },
  { title: 'AI', rules: AI_CHECK_RULES },
];

const MIN_WORDS = 10;
const MAX_WORDS = 200;
const MAX_CLICHES = 500;

/** Which rules run: one switch per rule, grouped by kind. */
function RuleSwitches({ settings, save }: { settings: CheckSettings; save(next: CheckSettings): Promise<void> }) {
  const toggle = (rule: CheckRule, on: boolean) => {
    const others = settings.disabledRules.filter((r) => r !== rule);
    void save({ ...settings, disabledRules: on ? others : [...others, rule] });
  };
  return (
    <>
      {GROUPS.map((group) => (
        <fieldset key={group.title} className="space-y-2">
          <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{group.title}</legend>
          {group.rules.map((rule) => (
            <Switch
              key={rule}
              label={RULES[rule].label}
              description={RULES[rule].description}
              checked={!settings.disabledRules.includes(rule)}
              onChange={(on) => toggle(rule, on)}
            />
          ))}
        </fieldset>
      ))}
    </>
  );
}

/** The long-sentence limit: saved when the field is left or Enter is pressed, if it is a whole number in range. */
function SentenceLimit({ settings, save }: { settings: CheckSettings; save(next: CheckSettings): Promise<void> }) {
  const [text, setText] = useState(String(settings.longSentenceWords));
  const value = Number(text);
  const valid = text.trim() !== '' && Number.isInteger(value) && value >= MIN_WORDS && value <= MAX_WORDS;
  const commit = () => {
    if (valid && value !== settings.longSentenceWords) void save({ ...settings, longSentenceWords: value });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        commit();
      }}
    >
      <Input
        label="A sentence is long past this many words"
        type="number"
        inputMode="numeric"
        min={MIN_WORDS}
        max={MAX_WORDS}
        step={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        error={valid ? undefined : `Enter a whole number from ${MIN_WORDS} to ${MAX_WORDS}.`}
      />
    </form>
  );
}

/** The author's own clichés, added to Bree's list. */
function OwnCliches({ settings, save }: { settings: CheckSettings; save(next: CheckSettings): Promise<void> }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = (event: FormEvent) => {
    event.preventDefault();
    const phrase = draft.trim().replace(/\s+/g, ' ');
    if (phrase.length < 2 || phrase.length > 80) return setError('A phrase is 2 to 80 characters long.');
    if (settings.extraCliches.some((c) => c.toLowerCase() === phrase.toLowerCase())) return setError('That phrase is already on your list.');
    if (settings.extraCliches.length >= MAX_CLICHES) return setError(`Your list holds at most ${MAX_CLICHES} phrases.`);
    setError(undefined);
    setDraft('');
    void save({ ...settings, extraCliches: [...settings.extraCliches, phrase] });
  };
  const remove = (phrase: string) => void save({ ...settings, extraCliches: settings.extraCliches.filter((c) => c !== phrase) });
  return (
    <div className="space-y-2">
      <form onSubmit={add} className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Input
            label="Your own clichés"
            hint="Phrases you overuse; Checks points them out like the ones on Bree’s list."
            value={draft}
            maxLength={80}
            onChange={(event) => setDraft(event.target.value)}
            error={error}
          />
        </div>
        <Button type="submit" variant="secondary" className="mt-[1.625rem]">
          Add
        </Button>
      </form>
      {settings.extraCliches.length > 0 && (
        <ul aria-label="Your own clichés" className="flex flex-wrap gap-2">
          {settings.extraCliches.map((phrase) => (
            <li key={phrase} className="flex items-center gap-1 rounded-full border border-line bg-surface py-0.5 pr-1 pl-3 text-sm text-ink">
              <span className="break-all">{phrase}</span>
              <Button size="sm" variant="ghost" className="size-7 rounded-full px-0" aria-label={`Remove “${phrase}”`} onClick={() => remove(phrase)}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The author's Checks settings (docs/CHECKS.md "Settings and what is remembered"): which checks
 * run, the long-sentence limit and their own clichés. Each change is saved at once.
 */
export function CheckSettingsForm() {
  const { settings, save, loading } = useCheckSettings();
  if (loading) return <Spinner label="Loading check settings" showLabel size="sm" />;
  return (
    <div className="space-y-4" data-testid="check-settings">
      <p className="text-sm text-ink-soft">What ‘Check my draft’ looks for. Saved with your voice, for every document.</p>
      <RuleSwitches settings={settings} save={save} />
      <SentenceLimit settings={settings} save={save} />
      <OwnCliches settings={settings} save={save} />
    </div>
  );
}
