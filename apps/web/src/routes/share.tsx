import { useParams } from 'react-router';
import { PlaceholderPage } from '../app/PlaceholderPage';

/** /share/:slug (placeholder): the read-only shared document view. */
export default function ShareRoute() {
  const { slug } = useParams();
  if (!slug) return <PlaceholderPage title="Shared document" description="Invalid share link" />;
  return (
    <PlaceholderPage title="Shared document" description="This shared document is not available. Ask the author for a new link.">
      <p className="mt-4 text-sm text-muted">
        Share link: <code className="rounded bg-cream-deep px-1.5 py-0.5 text-ink">{slug}</code>
      </p>
    </PlaceholderPage>
  );
}
