import { Component, useEffect } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from './ErrorScreen';
import { buildErrorReport } from './errorReport';

/** Catch-all boundary around the whole app (outside the router). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; hasError: boolean }> {
  override state = { error: null as unknown, hasError: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[Bree] Render error', buildErrorReport(error, { type: 'react', componentStack: info.componentStack ?? undefined }));
  }

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** The router's errorElement: errors thrown while rendering a route land here. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[Bree] Route error', buildErrorReport(error, { type: 'route' }));
  }, [error]);
  return <ErrorScreen error={error} />;
}
