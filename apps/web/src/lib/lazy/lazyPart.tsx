import { Suspense, lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { loadWithRetry } from './retryImport';

/**
 * A part of a page that is not needed to start working on it (the editor's selection actions, the
 * dictation button…): its chunk is fetched when the part first renders — just after the page
 * shows — so the page's first load carries none of it (docs/PAGE-WEIGHT.md). `fallback` holds its
 * place meanwhile (the same size, so nothing moves). A chunk that cannot be fetched even after
 * the retries leaves the part out rather than the page: the page keeps working without it.
 */
/** What a part that could not be loaded leaves: nothing. */
function Nothing() {
  return null;
}

export function lazyPart<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
): ComponentType<P> {
  const Loaded = lazy<ComponentType<P>>(() =>
    loadWithRetry(load).then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.error(`[lazy] ${name} could not be loaded`, error);
        return { default: Nothing };
      },
    ),
  );
  function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback(props)}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  LazyPart.displayName = `Lazy(${name})`;
  return LazyPart;
}
