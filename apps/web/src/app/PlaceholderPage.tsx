import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { buttonClasses } from '../ui/Button';
import { PageHeader } from '../ui/PageHeader';
import { PublicLayout } from './PublicLayout';

/** A public page that says briefly what will live here. */
export function PlaceholderPage({ title, description, children }: { title: string; description: ReactNode; children?: ReactNode }) {
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
