import type { PublicConfig } from '@bree/contracts';
import type { ContentGroup } from './contentGroups';

type AnalyticsSettings = NonNullable<PublicConfig['analytics']>;

/** What the app records: page views and the scroll event, each with its content group. */
export interface Analytics {
  pageview(group: ContentGroup): void;
  event(name: string, group: ContentGroup): void;
}

interface PlausibleFn {
  (event: string, options?: { props?: Record<string, string>; u?: string }): void;
  q?: unknown[][];
}
interface UmamiApi {
  track(event?: string | ((props: Record<string, unknown>) => Record<string, unknown>), data?: Record<string, string>): void;
}
type AnalyticsWindow = Window & { plausible?: PlausibleFn; umami?: UmamiApi };

/** Does nothing: the app without ANALYTICS_* settings loads no script and sends nothing. */
export const noAnalytics: Analytics = { pageview: () => undefined, event: () => undefined };

/**
 * Loads the operator's Plausible or Umami script once (in manual mode, so the app decides what a
 * page view is: the router changes pages without reloading) and sends through its own API.
 * Calls made before the script has arrived are kept and sent when it has.
 */
export function createAnalytics(settings: AnalyticsSettings | null, win: AnalyticsWindow = window): Analytics {
  if (!settings) return noAnalytics;
  const script = win.document.createElement('script');
  script.src = settings.scriptUrl;
  script.defer = true;
  if (settings.provider === 'plausible') {
    script.dataset.domain = settings.siteId;
    // Plausible's documented queue: the script reads `plausible.q` when it loads.
    const queue: PlausibleFn = (...args: Parameters<PlausibleFn>) => {
      (queue.q ??= []).push(args);
    };
    win.plausible ??= queue;
    win.document.head.appendChild(script);
    return {
      pageview: (group) => win.plausible?.('pageview', { props: { content_group: group } }),
      event: (name, group) => win.plausible?.(name, { props: { content_group: group } }),
    };
  }
  script.dataset.websiteId = settings.siteId;
  script.dataset.autoTrack = 'false';
  const pending: ((umami: UmamiApi) => void)[] = [];
  script.addEventListener('load', () => {
    const umami = win.umami;
    if (umami) pending.splice(0).forEach((send) => send(umami));
  });
  win.document.head.appendChild(script);
  const send = (action: (umami: UmamiApi) => void) => (win.umami ? action(win.umami) : pending.push(action));
  return {
    pageview: (group) => send((umami) => umami.track((props) => ({ ...props, data: { content_group: group } }))),
    event: (name, group) => send((umami) => umami.track(name, { content_group: group })),
  };
}
