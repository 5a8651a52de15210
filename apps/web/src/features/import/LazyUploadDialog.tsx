import { lazy, Suspense } from 'react';
import type { UploadDialogProps } from './UploadDialog';

// The drop zone and the converters (DOMPurify, marked, the DOCX worker) load with the first opening.
const UploadDialog = lazy(() => import('./UploadDialog').then((m) => ({ default: m.UploadDialog })));

/** The upload dialog, downloaded only when a writer first opens it; closed, it renders nothing. */
export function LazyUploadDialog(props: UploadDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <UploadDialog {...props} />
    </Suspense>
  );
}
