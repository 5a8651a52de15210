import { PlaceholderPage } from '../app/PlaceholderPage';

/** /security (placeholder with the commitments already made on the landing page). */
export default function SecurityRoute() {
  return (
    <PlaceholderPage title="Security" description="A full description of how Bree protects your writing will be published here.">
      <ul className="mt-6 list-disc space-y-2 pl-6 text-ink-soft">
        <li>Your documents are never stored for, or used for, training AI models.</li>
        <li>AI providers are bound not to retain your content.</li>
        <li>Every workspace is isolated from every other.</li>
      </ul>
    </PlaceholderPage>
  );
}
