import { FEEDBACK_MESSAGES } from '@bree/contracts';
import { lazy, Suspense } from 'react';
import { Dialog, Spinner } from '../../ui';

// The form, its capture library hook-up and its rules load when the dialog first opens.
const FeedbackForm = lazy(() => import('./FeedbackForm'));

/** The 'Submit Feedback' dialog (docs/PRODUCT.md#feedback): screenshot, pasted image, up to 3 files and a message. */
export function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={FEEDBACK_MESSAGES.title} description="Tell us what works and what doesn't." className="max-w-xl">
      {open && (
        <Suspense fallback={<Spinner label="Loading" showLabel className="py-6" />}>
          <FeedbackForm onDone={() => onOpenChange(false)} />
        </Suspense>
      )}
    </Dialog>
  );
}
