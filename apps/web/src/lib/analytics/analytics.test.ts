import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, noAnalytics } from './analytics';
import { contentGroupFor } from './contentGroups';

describe('content groups', () => {
  it.each([
    ['/', 'landing'],
    ['/app', 'app'],
    ['/app/abc123', 'app'],
    ['/app/trash', 'app'],
    ['/admin/feedback', 'app'],
    ['/share/a-slug', 'shared_document'],
    ['/privacy', 'legal'],
    ['/terms', 'legal'],
    ['/security', 'legal'],
    ['/subscription', 'billing'],
    ['/billing/success', 'billing'],
    ['/blog', 'blog'],
    ['/updates/a-post', 'blog'],
    ['/application', 'other'],
    ['/callback', 'other'],
    ['/nowhere', 'other'],
  ])('%s is %s', (path, group) => {
    expect(contentGroupFor(path)).toBe(group);
  });
});

describe('analytics', () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    delete (window as { plausible?: unknown }).plausible;
    delete (window as { umami?: unknown }).umami;
  });

  it('without settings loads no script and sends nothing', () => {
    expect(createAnalytics(null)).toBe(noAnalytics);
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('loads Plausible in manual mode and queues page views with their group until the script runs', () => {
    const analytics = createAnalytics({ provider: 'plausible', scriptUrl: 'https://stats.example.org/js/script.manual.js', siteId: 'bree.example.org' });
    const script = document.head.querySelector('script');
    expect(script?.src).toBe('https://stats.example.org/js/script.manual.js');
    expect(script?.dataset.domain).toBe('bree.example.org');
    analytics.pageview('landing');
    analytics.event('scroll', 'landing');
    const queued = (window as unknown as { plausible: { q: unknown[][] } }).plausible.q;
    expect(queued).toEqual([
      ['pageview', { props: { content_group: 'landing' } }],
      ['scroll', { props: { content_group: 'landing' } }],
    ]);
  });

  it('loads Umami without auto-tracking and sends what was recorded once it has loaded', () => {
    const analytics = createAnalytics({ provider: 'umami', scriptUrl: 'https://umami.example.org/script.js', siteId: 'site-1' });
    const script = document.head.querySelector('script');
    expect(script?.dataset.websiteId).toBe('site-1');
    expect(script?.dataset.autoTrack).toBe('false');
    analytics.pageview('app');
    analytics.event('scroll', 'app');
    const track = vi.fn();
    (window as unknown as { umami: { track: typeof track } }).umami = { track };
    expect(track).not.toHaveBeenCalled();
    script?.dispatchEvent(new Event('load'));
    expect(track).toHaveBeenCalledTimes(2);
    const pageview = track.mock.calls[0]?.[0] as (props: Record<string, unknown>) => Record<string, unknown>;
    expect(pageview({ url: '/app' })).toEqual({ url: '/app', data: { content_group: 'app' } });
    expect(track.mock.calls[1]).toEqual(['scroll', { content_group: 'app' }]);
    analytics.pageview('legal');
    expect(track).toHaveBeenCalledTimes(3);
  });
});
