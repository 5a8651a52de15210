import { ServerRenderedPage } from '../app/ServerRenderedPage';
import NotFound from './not-found';

/** /blog and its posts: pages the server renders from the published posts. */
export default function BlogRoute() {
  return <ServerRenderedPage fallback={<NotFound />} />;
}
