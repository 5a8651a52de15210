import { PlaceholderPage } from '../app/PlaceholderPage';

/** /blog (placeholder). */
export default function BlogRoute() {
  return (
    <PlaceholderPage
      title="Blog"
      description="Essays on writing with an assistant that sounds like you, and stories from the people who use Bree, will be published here."
    />
  );
}
