import type { ReactNode } from 'react';
import { Card } from '../../ui';

/** One section of the account page: a titled card, a landmark named by its heading. */
export function AccountSection({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children?: ReactNode }) {
  const headingId = `${id}-title`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="font-serif text-lg font-semibold text-ink">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-muted">{description}</div>}
      {children && <div className="mt-4">{children}</div>}
    </Card>
  );
}
