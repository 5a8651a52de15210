import { useParams } from 'react-router';
import { EditorPage } from '../features/editor';

/** /app/:fileId — the document editor. */
export default function EditorRoute() {
  const { fileId } = useParams();
  if (!fileId) return null;
  return <EditorPage fileId={fileId} />;
}
