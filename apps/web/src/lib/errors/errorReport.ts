import { getCurrentTenant } from '../../features/tenancy/tenantStorage';

/** The client-side error report (docs/PRODUCT.md#startup); sending it anywhere is not wired yet. */
export interface ErrorReport {
  message: string;
  stack: string | undefined;
  componentStack: string | undefined;
  additionalInfo: {
    type: string;
    fileName?: string;
    line?: number;
    column?: number;
    tenant: string;
    environment: string;
  };
  timestamp: string;
  url: string;
  userAgent: string;
}

/** A readable message from anything that was thrown. */
export function errorMessage(error: unknown, fallback = 'An unexpected error occurred.'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** Assembles an ErrorReport for the console (and a future reporting endpoint). */
export function buildErrorReport(
  error: unknown,
  extra: { type: string; componentStack?: string; fileName?: string; line?: number; column?: number },
): ErrorReport {
  return {
    message: errorMessage(error),
    stack: error instanceof Error ? error.stack : undefined,
    componentStack: extra.componentStack,
    additionalInfo: {
      type: extra.type,
      ...(extra.fileName ? { fileName: extra.fileName } : {}),
      ...(extra.line ? { line: extra.line } : {}),
      ...(extra.column ? { column: extra.column } : {}),
      tenant: getCurrentTenant(),
      environment: import.meta.env.MODE,
    },
    timestamp: new Date().toISOString(),
    url: window.location.href,
    userAgent: navigator.userAgent,
  };
}

/** Logs unhandled errors and rejected promises to the console only (docs/PRODUCT.md#startup). */
export function installGlobalErrorLogging(win: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    console.error(
      '[Bree] Unhandled error',
      buildErrorReport(event.error ?? event.message, {
        type: 'error',
        fileName: event.filename,
        line: event.lineno,
        column: event.colno,
      }),
    );
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    console.error('[Bree] Unhandled promise rejection', buildErrorReport(event.reason, { type: 'unhandledrejection' }));
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
