import type { VoiceProfileAnswer } from '@bree/contracts';
import { formatDateTime } from '../../lib/dates';
import { Button, Spinner, buttonClasses } from '../../ui';
import { UnavailableButton, useAiAvailability } from '../assistant';
import { LazyCheckSettings } from '../checks/settings/LazyCheckSettings';
import { countOf, describeVoiceStats } from './format';
import { useVoiceProfile } from './useVoiceProfile';
import { VoiceTexts } from './VoiceTexts';

function Figures({ profile }: { profile: VoiceProfileAnswer }) {
  if (!profile.stats) return null;
  return (
    <dl className="space-y-2" aria-label="Key figures">
      {describeVoiceStats(profile.stats).map((f) => (
        <div key={f.label}>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{f.label}</dt>
          <dd className="text-sm text-ink">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EmptyState() {
  return (
    <div className="rounded-lg border border-dashed border-line p-3 text-sm text-muted" data-testid="voice-empty">
      <p className="font-semibold text-ink">Bree hasn’t learned your voice yet.</p>
      <p className="mt-1">
        Bree learns how you write from your repository documents and from documents tagged Human. Add some of your own writing there, then analyze your voice.
      </p>
    </div>
  );
}

/** The Voice panel: what Bree has learned about the author's writing, and the texts that steer it. */
export function VoicePanel() {
  const { profile, loadFailed, analyzing, saving, analyze, save } = useVoiceProfile();
  // The style guide is written by the AI: without a provider the analysis is unavailable, and says why.
  const ai = useAiAvailability();
  if (loadFailed && !profile) return <p className="text-sm text-danger">Failed to load your voice profile.</p>;
  if (!profile) return <Spinner label="Loading voice profile" showLabel />;
  return (
    <div className="space-y-4">
      <section aria-labelledby="voice-learned-heading" className="space-y-3">
        <h2 id="voice-learned-heading" className="font-serif text-base font-semibold text-ink">
          Your voice
        </h2>
        {profile.sampleCount === 0 ? (
          <EmptyState />
        ) : (
          <p className="text-sm text-ink-soft" data-testid="voice-samples">
            Learned from {countOf(profile.sampleCount, 'document')} ({countOf(profile.sampleWords, 'word')}).
          </p>
        )}
        {analyzing ? (
          <Spinner label="Analyzing your writing…" showLabel size="sm" />
        ) : ai.available ? (
          <Button size="sm" variant="secondary" onClick={() => void analyze()}>
            Analyze my voice
          </Button>
        ) : (
          <UnavailableButton className={buttonClasses({ size: 'sm', variant: 'secondary' })}>Analyze my voice</UnavailableButton>
        )}
        {profile.status === 'failed' && !analyzing && <p className="text-sm text-danger">Last analysis failed{profile.error ? `: ${profile.error}` : '.'}</p>}
        {profile.analyzedAt && <p className="text-xs text-muted">Last analyzed {formatDateTime(profile.analyzedAt)}</p>}
        <Figures profile={profile} />
      </section>
      <section aria-labelledby="voice-texts-heading" className="space-y-2">
        <h2 id="voice-texts-heading" className="font-serif text-base font-semibold text-ink">
          Guide and notes
        </h2>
        <VoiceTexts
          key={`${profile.analyzedAt ?? 'never'}|${profile.styleGuide.length}|${profile.userNotes.length}`}
          styleGuide={profile.styleGuide}
          userNotes={profile.userNotes}
          saving={saving}
          onSave={(body) => void save(body)}
        />
      </section>
      <section id="voice-checks" aria-labelledby="voice-checks-heading" className="space-y-2">
        <h2 id="voice-checks-heading" className="font-serif text-base font-semibold text-ink">
          Checks
        </h2>
        <LazyCheckSettings />
      </section>
    </div>
  );
}
