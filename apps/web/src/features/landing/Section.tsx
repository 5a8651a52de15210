import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';

/** One band of the landing page: an anchor id, its h2 and a centred column; `tone` alternates the background. */
export function Section({
  id,
  name,
  title,
  lead,
  tone = 'paper',
  children,
}: {
  id: string;
  /** The section's place in docs/PRODUCT.md#landing, exposed as data-landing-section. */
  name: string;
  title: string;
  lead?: ReactNode;
  tone?: 'paper' | 'cream';
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-landing-section={name}
      className={cn('scroll-mt-4 border-t border-line px-4 py-16 sm:px-6 sm:py-20', tone === 'cream' ? 'bg-cream' : 'bg-paper')}
    >
      <div className="mx-auto max-w-5xl">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={headingId} className="font-serif text-2xl font-semibold tracking-tight text-ink sm:text-[2rem] sm:leading-tight">
            {title}
          </h2>
          {lead && <p className="mt-3 text-lg text-muted">{lead}</p>}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
