import { Card, PageHeader } from '../../ui';

/** The portal's Feedback section: its heading and an empty state. */
export function FeedbackSection() {
  return (
    <section aria-label="Feedback">
      <PageHeader title="Feedback Management" />
      <Card className="mt-6">
        <p className="text-sm text-muted">No feedback to show.</p>
      </Card>
    </section>
  );
}
