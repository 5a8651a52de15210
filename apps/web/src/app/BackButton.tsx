import { useLocation, useNavigate } from 'react-router';
import { Button } from '../ui';

/** 'Back' to the previous page, or home when the page was opened directly. */
export function BackButton({ label = 'Back' }: { label?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-3"
      onClick={() => {
        // 'default' is the key of the first entry: there is no in-app page to go back to.
        if (location.key === 'default') void navigate('/');
        else void navigate(-1);
      }}
    >
      <span aria-hidden="true">←</span> {label}
    </Button>
  );
}
