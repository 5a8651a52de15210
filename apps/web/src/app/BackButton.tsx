import { Button } from '../ui/Button';

/**
 * 'Back' to the previous page of this site, or home when the page was opened from elsewhere.
 * Plain history, no router: public pages use it outside the app too.
 */
export function BackButton({ label = 'Back' }: { label?: string }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-3"
      onClick={() => {
        const fromHere = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
        if (fromHere && window.history.length > 1) window.history.back();
        else window.location.assign('/');
      }}
    >
      <span aria-hidden="true">←</span> {label}
    </Button>
  );
}
