import { useRouteParam } from '../app/navigation';
import { EditorPage } from '../features/editor';

/** /app/:fileId — the document editor. */
export default function EditorRoute() {
  const fileId = useRouteParam('fileId');
  if (!fileId) return null;
  return <EditorPage fileId={fileId} />;
}
