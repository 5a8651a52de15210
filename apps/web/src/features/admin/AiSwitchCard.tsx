import type { AiSwitch } from '@bree/contracts';
import { Card, Spinner, Switch } from '../../ui';
import { useAiSwitch, useSetAiSwitch } from './opsApi';

/** The three parts an administrator can turn off, each on when its switch is on. */
const PARTS: Array<{ key: keyof AiSwitch; label: string; description: string }> = [
  { key: 'assistantOff', label: 'AI assistant', description: 'Every AI action, chat and dictation, for everyone. Off: writers see AI as not set up.' },
  { key: 'premiumOff', label: 'Premium tier', description: 'Off: AI actions run on the Fast tier; the Premium choice shows as not set up.' },
  { key: 'dictationOff', label: 'Dictation', description: 'Speech to text with the microphone.' },
];

/**
 * The installation's AI switch on the Dashboard (docs/OPERATIONS.md "The AI switch"): takes effect
 * on every Bree process within seconds, and each change is written to the audit log.
 */
export function AiSwitchCard() {
  const current = useAiSwitch();
  const setSwitch = useSetAiSwitch();
  const state = current.data?.aiSwitch;
  return (
    <Card className="mt-6">
      <h2 className="font-serif text-lg font-semibold text-ink">AI for this installation</h2>
      <p className="mt-1 text-sm text-muted">Turns AI off for every writer on this server; the change is recorded in the audit log.</p>
      {current.isPending ? (
        <Spinner label="Loading" className="mt-3" />
      ) : !state ? (
        <p className="mt-3 text-sm text-muted">The AI switch could not be loaded. Check your connection and try again.</p>
      ) : (
        <div className="mt-4 flex flex-col gap-4">
          {PARTS.map(({ key, label, description }) => (
            <Switch
              key={key}
              label={label}
              description={description}
              checked={!state[key]}
              // With the whole assistant off, its parts are off too: their own switches wait.
              disabled={setSwitch.isPending || (key !== 'assistantOff' && state.assistantOff)}
              busy={setSwitch.isPending && setSwitch.variables?.[key] !== state[key]}
              onChange={(on) => setSwitch.mutate({ ...state, [key]: !on })}
            />
          ))}
          {setSwitch.isError && (
            <p role="alert" className="text-sm text-danger">
              The AI switch could not be changed. Check your connection and try again.
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
