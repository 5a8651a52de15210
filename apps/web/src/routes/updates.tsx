import { ServerRenderedPage } from '../app/ServerRenderedPage';
import NotFound from './not-found';

/** /updates and its posts: pages the server renders from the published posts. */
export default function UpdatesRoute() {
  return <ServerRenderedPage fallback={<NotFound />} />;
}
