import { Component, Suspense, lazy, useState } from 'react';
import type { ComponentType, ErrorInfo, ReactNode } from 'react';
import { LAZY_LOAD, PRODUCT_NAME } from '@bree/contracts';
import { Button, LoadingScreen } from '../../ui';
import { LazyLoadError, loadWithRetry } from './retryImport';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

interface BoundaryProps {
  componentName: string;
  retries: number;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches chunk-load failures only; any other error travels on to the app's error boundary. */
class LazyLoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof LazyLoadError) console.error(`[lazy] ${error.message}`, error.cause, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof LazyLoadError)) throw error;
    const { componentName, retries, onRetry } = this.props;
    const exhausted = retries >= LAZY_LOAD.maxRetries;
    return (
      <div className="flex min-h-[40dvh] items-center justify-center p-6">
        <div role="alert" className="w-full max-w-md rounded-lg border border-danger/30 bg-danger-soft p-5 text-ink">
          <p className="font-medium">Failed to load {componentName}</p>
          <p className="mt-1 text-sm text-muted">Check your connection, then try again.</p>
          {retries > 0 && (
            <p className="mt-3 text-sm text-ink-soft">
              Retry attempt: {retries}/{LAZY_LOAD.maxRetries}
            </p>
          )}
          {exhausted && <p className="mt-1 text-sm font-medium text-danger">Max retries reached</p>}
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={onRetry} disabled={exhausted}>
              Retry
            </Button>
            {exhausted && (
              <Button variant="secondary" onClick={() => window.location.reload()}>
                Reload page
              </Button>
            )}
          </div>
        </div>
      </div>
    );
  }
}

/** A lazily loaded component that can be fetched ahead of its first render. */
export type PreloadableComponent<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * React.lazy with retries: up to 3 tries with back-off while loading, then an error box whose
 * Retry button starts a fresh load (at most 3 times). `preload()` fetches the module ahead; a
 * module already loaded renders at once, without suspending: a suspension shows the fallback and
 * React then holds it for its 300 ms throttle, even when the module was there a tick later
 * (the list → editor click waited that long, bench/click-to-caret.bench.ts).
 */
export function lazyWithRetry<P extends object>(load: Loader<P>, componentName: string): PreloadableComponent<P> {
  let loaded: { default: ComponentType<P> } | null = null;
  const fetchModule = () =>
    loadWithRetry(load).then((module) => {
      loaded = module;
      return module;
    });
  const makeLazy = () =>
    lazy(() => {
      // React resolves a thenable that calls back at once without suspending.
      if (loaded) {
        const module = loaded;
        return { then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve(module) } as unknown as Promise<{ default: ComponentType<P> }>;
      }
      return fetchModule().catch((error: unknown) => {
        throw new LazyLoadError(componentName, error);
      });
    });
  // Shared by every mount so a loaded chunk never shows the spinner again.
  const initial = makeLazy();

  function LazyWithRetry(props: P) {
    const [state, setState] = useState({ Loaded: initial, retries: 0 });
    const { Loaded, retries } = state;
    return (
      <LazyLoadBoundary
        key={retries}
        componentName={componentName}
        retries={retries}
        onRetry={() => setState((s) => ({ Loaded: makeLazy(), retries: s.retries + 1 }))}
      >
        <Suspense fallback={<LoadingScreen label={`Loading ${PRODUCT_NAME}`} />}>
          <Loaded {...props} />
        </Suspense>
      </LazyLoadBoundary>
    );
  }
  LazyWithRetry.displayName = `LazyWithRetry(${componentName})`;
  LazyWithRetry.preload = () => (loaded ? Promise.resolve() : fetchModule().then(() => undefined));
  return LazyWithRetry;
}
