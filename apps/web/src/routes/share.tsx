import { useParams } from 'react-router';
import { SharedDocumentPage } from '../features/sharing';

/** /share and /share/:slug: the read-only shared document (the server renders a first visit itself). */
export default function ShareRoute() {
  const { slug } = useParams();
  return <SharedDocumentPage slug={slug} />;
}
