import { useRouteParam } from '../app/navigation';
import { SharedDocumentPage } from '../features/sharing';

/** /share and /share/:slug: the read-only shared document (the server renders a first visit itself). */
export default function ShareRoute() {
  const slug = useRouteParam('slug');
  return <SharedDocumentPage slug={slug} />;
}
