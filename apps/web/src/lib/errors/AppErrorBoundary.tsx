import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';
import { buildErrorReport } from './errorReport';

type Props = { children: ReactNode };
type State = { error: unknown; hasError: boolean };

/** Catch-all boundary around the whole app (outside the router). */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false };

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

type RouteProps = Props & { path: string };
type RouteState = State & { path: string };

/**
 * Around the routes (inside the router): errors thrown while rendering a page land here, reported
 * as route errors. Going to another path clears the error, as React Router's error element did;
 * the pages themselves stay mounted (no key), so a route change does not remount the signed-in shell.
 */
export class RouteErrorBoundary extends Component<RouteProps, RouteState> {
  override state: RouteState = { error: null, hasError: false, path: this.props.path };

  static getDerivedStateFromError(error: unknown) {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: RouteProps, state: RouteState): Partial<RouteState> | null {
    if (props.path === state.path) return null;
    return { error: null, hasError: false, path: props.path };
  }

  override componentDidCatch(error: unknown) {
    console.error('[Bree] Route error', buildErrorReport(error, { type: 'route' }));
  }

  override render() {
    return this.state.hasError ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
