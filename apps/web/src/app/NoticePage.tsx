import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { PageHeader, buttonClasses } from '../ui';
import { PublicLayout } from './PublicLayout';

/** A short public page: a title, a sentence and the way home (the not-found page). */
export function NoticePage({ title, description, children }: { title: string; description: ReactNode; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <PublicLayout narrow>
      <PageHeader title={title} description={description} />
      {children}
      <Link to="/" className={buttonClasses({ variant: 'secondary', className: 'mt-8' })}>
        Go to home page
      </Link>
    </PublicLayout>
  );
}
