import { AppFrame } from '../app/AppFrame';
import { useRouteParam } from '../app/navigation';
import { InvitePage } from '../features/people';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** /app/invite/:token — an invitation to someone else's document (docs/SHARING.md "People"). */
export default function InviteRoute() {
  const token = useRouteParam('token');
  useDocumentTitle('Invitation');
  return <AppFrame>{token ? <InvitePage token={token} /> : null}</AppFrame>;
}
