import { NoticePage } from '../app/NoticePage';

/** Any unknown path (and /api-test away from localhost). */
export default function NotFoundRoute() {
  return <NoticePage title="Page not found" description="The page you were looking for doesn't exist or has moved." />;
}
