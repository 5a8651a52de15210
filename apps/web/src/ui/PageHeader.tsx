import type { ReactNode } from 'react';
import { cn } from './cn';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons shown next to the title (below it on small screens). */
  actions?: ReactNode;
  className?: string;
}

/** The page's h1 with an optional description and actions. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between', className)}>
      <div className="min-w-0">
        <h1 className="font-serif text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        {description && <div className="mt-1.5 max-w-prose text-base text-muted">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
