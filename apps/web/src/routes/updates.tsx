import { PlaceholderPage } from '../app/PlaceholderPage';

/** /updates (placeholder). */
export default function UpdatesRoute() {
  return <PlaceholderPage title="Updates" description="Release notes and product news will be listed here, newest first." />;
}
