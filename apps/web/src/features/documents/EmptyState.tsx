import type { ReactNode } from 'react';

function BigCard({ title, text, icon, onClick, busy }: { title: string; text: string; icon: ReactNode; onClick: () => void; busy?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      className="group flex min-h-44 cursor-pointer flex-col items-start gap-3 rounded-xl border border-line bg-surface p-6 text-left shadow-card transition hover:-translate-y-0.5 hover:border-accent/40 hover:shadow-pop disabled:cursor-wait disabled:opacity-70 sm:p-8"
    >
      <span aria-hidden="true" className="inline-flex size-11 items-center justify-center rounded-lg bg-accent-soft text-accent">
        {icon}
      </span>
      <span className="font-serif text-xl font-semibold text-ink">{title}</span>
      <span className="text-sm text-muted">{text}</span>
    </button>
  );
}

const PEN = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-5">
    <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4Z" strokeLinejoin="round" />
    <path d="m13.5 6.5 4 4" />
  </svg>
);
const UPLOAD = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-5">
    <path d="M12 15V4m0 0-4 4m4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" strokeLinecap="round" />
  </svg>
);

/** With no documents: the two large cards 'Start Writing' and 'Import Content' (1-core §2.1). */
export function EmptyState({ onCreate, onImport, creating }: { onCreate: () => void; onImport: () => void; creating: boolean }) {
  return (
    <section aria-label="Get started" className="grid gap-4 sm:grid-cols-2">
      <BigCard title="Start Writing" text="Create and refine with the assistant" icon={PEN} onClick={onCreate} busy={creating} />
      <BigCard title="Import Content" text="Upload to train the assistant on your voice" icon={UPLOAD} onClick={onImport} />
    </section>
  );
}
