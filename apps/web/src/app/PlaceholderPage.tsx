import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { PageHeader, buttonClasses } from '../ui';
import { PublicLayout } from './PublicLayout';

/** A public page that says briefly what will live here. */
export function PlaceholderPage({ title, description, children }: { title: string; description: ReactNode; children?: ReactNode }) {
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
