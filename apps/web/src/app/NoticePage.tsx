import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { buttonClasses } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PublicLayout } from './PublicLayout';

/** A short public page: a title, a sentence and the way home (the not-found page). */
export function NoticePage({ title, description, children }: { title: string; description: ReactNode; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <PublicLayout narrow>
      <PageHeader title={title} description={description} />
      {children}
      <a href="/" className={buttonClasses({ variant: 'secondary', className: 'mt-8' })}>
        Go to home page
      </a>
    </PublicLayout>
  );
}
