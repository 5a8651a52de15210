import type { ReactNode } from 'react';
import { cn } from './cn';

export interface ActionCardProps {
  title: string;
  text: string;
  icon: ReactNode;
  onClick: () => void;
  busy?: boolean;
  /** 'lg' for a page's main choices (the empty list), 'md' inside dialogs. */
  size?: 'md' | 'lg';
}

/** A large, calm button: icon, serif title and one line of explanation. */
export function ActionCard({ title, text, icon, onClick, busy, size = 'md' }: ActionCardProps) {
  const lg = size === 'lg';
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      className={cn(
        'group flex cursor-pointer flex-col items-start rounded-xl border border-line bg-surface text-left shadow-card transition hover:-translate-y-0.5 hover:border-accent/40 hover:shadow-pop focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-wait disabled:opacity-70',
        lg ? 'min-h-44 gap-3 p-6 sm:p-8' : 'gap-2 p-5',
      )}
    >
      <span aria-hidden="true" className={cn('inline-flex items-center justify-center rounded-lg bg-accent-soft text-accent', lg ? 'size-11' : 'size-10')}>
        {icon}
      </span>
      <span className={cn('font-serif font-semibold text-ink', lg ? 'text-xl' : 'text-lg')}>{title}</span>
      <span className="text-sm text-muted">{text}</span>
    </button>
  );
}

/** Upload arrow into a tray: importing files. */
export const UploadIcon = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.7" className="size-5">
    <path d="M12 15V4m0 0-4 4m4-4 4 4" strokeLinecap="round" strokeLinejoin="round" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" strokeLinecap="round" />
  </svg>
);
