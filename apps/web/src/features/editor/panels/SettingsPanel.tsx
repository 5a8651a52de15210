import { lazy, Suspense, useState } from 'react';
import { loadWithRetry } from '../../../lib/lazy/retryImport';
import { Button } from '../../../ui';
import { ProviderSettings } from '../../assistant';
import { FeedbackDialog } from '../../feedback';
import { SharingSettings } from '../../sharing';

// Its own chunk: the editor's first load carries none of it (docs/PAGE-WEIGHT.md).
const PeopleSection = lazy(() => loadWithRetry(() => import('../../people/PeopleSection')));

/** Document settings (desktop panel and the Mobile Document Settings sheet): sharing (a link and people), the AI Provider Override and feedback. */
export function SettingsPanel({ fileId }: { fileId: string }) {
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <div className="space-y-6">
      <SharingSettings fileId={fileId} />
      <Suspense fallback={null}>
        <PeopleSection fileId={fileId} />
      </Suspense>
      <ProviderSettings fileId={fileId} />
      <section aria-label="Feedback" className="border-t border-line pt-4">
        <p className="text-sm text-ink-soft">Something not working, or an idea for Bree?</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => setFeedbackOpen(true)}>
          Submit Feedback
        </Button>
        <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
      </section>
    </div>
  );
}
