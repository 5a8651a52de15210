import { AppFrame } from '../app/AppFrame';
import { useRouteParam } from '../app/navigation';
import { SharedDocumentPage } from '../features/people';

/** /app/shared/:fileId — a document another account shared with the signed-in one. */
export default function SharedRoute() {
  const fileId = useRouteParam('fileId');
  return <AppFrame>{fileId ? <SharedDocumentPage key={fileId} fileId={fileId} /> : null}</AppFrame>;
}
