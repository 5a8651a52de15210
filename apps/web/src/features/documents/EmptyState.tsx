import { ActionCard, UploadIcon } from '../../ui';

const PEN = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-5">
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" strokeLinejoin="round" />
    <path d="m13.5 6.5 4 4" />
  </svg>
);

/** With no documents: the two large cards 'Start Writing' and 'Import Content' (docs/PRODUCT.md#documents). */
export function EmptyState({ onCreate, onImport, creating }: { onCreate: () => void; onImport: () => void; creating: boolean }) {
  return (
    <section aria-label="Get started" className="grid gap-4 sm:grid-cols-2">
      <ActionCard size="lg" title="Start Writing" text="Create and refine with the assistant" icon={PEN} onClick={onCreate} busy={creating} />
      <ActionCard size="lg" title="Import Content" text="Upload to train the assistant on your voice" icon={UploadIcon} onClick={onImport} />
    </section>
  );
}
