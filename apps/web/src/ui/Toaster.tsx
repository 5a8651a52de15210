import { Toaster as HotToaster, ToastBar, toast } from 'react-hot-toast';
import { TOAST } from '@bree/contracts';

/** The toast display: durations of docs/PRODUCT.md#startup, loading indefinite, tap or click to dismiss. */
export function Toaster() {
  return (
    <HotToaster
      position="top-center"
      gutter={8}
      toastOptions={{
        // notify.* passes the width-dependent duration; these are the desktop fall-backs.
        success: { duration: TOAST.durations.success.desktop },
        error: { duration: TOAST.durations.error.desktop },
        blank: { duration: TOAST.durations.info.desktop },
        loading: { duration: Number.POSITIVE_INFINITY },
        className: '!rounded-lg !border !border-line !bg-surface !text-ink !shadow-pop !text-sm',
      }}
    >
      {(t) => (
        <ToastBar toast={t}>
          {({ icon, message }) => (
            <div
              className="flex cursor-pointer items-center"
              onClick={() => {
                if (t.type !== 'loading') toast.dismiss(t.id);
              }}
            >
              {icon}
              {message}
            </div>
          )}
        </ToastBar>
      )}
    </HotToaster>
  );
}
