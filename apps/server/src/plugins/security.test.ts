import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { contentSecurityPolicy } from './security';

describe('content security policy', () => {
  it('allows scripts from this origin only without analytics', () => {
    const csp = contentSecurityPolicy(loadConfig({}));
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  it("adds the analytics provider's origin for its script and its page views, nothing broader", () => {
    const csp = contentSecurityPolicy(
      loadConfig({
        ANALYTICS_PROVIDER: 'plausible',
        ANALYTICS_SCRIPT_URL: 'https://stats.example.org/js/script.manual.js',
        ANALYTICS_SITE_ID: 'bree.example.org',
      }),
    );
    expect(csp['script-src']).toEqual(["'self'", 'https://stats.example.org']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://stats.example.org']);
    expect(csp['style-src']).not.toContain('https://stats.example.org');
  });
});
