import { beforeEach, describe, expect, it } from 'vitest';
import { claimAutoRedirect, hasAuthAnswer, isStuckLoginUrl, markCallbackProcessed, resetAutoRedirect, wasCallbackProcessed } from './urlGuards';
import { returnToFromState, safeReturnTo } from './returnTo';

beforeEach(() => sessionStorage.clear());

describe('stuck login URL', () => {
  it('is an issuer parameter on any page but the callbacks', () => {
    expect(isStuckLoginUrl('/app', '?code=1&state=2&iss=http%3A%2F%2Flocalhost%3A3000%2Foidc')).toBe(true);
    expect(isStuckLoginUrl('/', '?iss=x')).toBe(true);
    expect(isStuckLoginUrl('/callback', '?code=1&state=2&iss=x')).toBe(false);
    expect(isStuckLoginUrl('/silent-callback', '?code=1&state=2&iss=x')).toBe(false);
    expect(isStuckLoginUrl('/app', '?q=iss')).toBe(false);
  });
});

describe('callback bookkeeping', () => {
  it('recognises an authorization answer', () => {
    expect(hasAuthAnswer('?code=abc&state=s1')).toBe(true);
    expect(hasAuthAnswer('?error=access_denied&state=s1')).toBe(true);
    expect(hasAuthAnswer('?code=abc')).toBe(false);
    expect(hasAuthAnswer('')).toBe(false);
  });

  it('remembers a processed callback by its state', () => {
    expect(wasCallbackProcessed('?code=a&state=s1')).toBe(false);
    markCallbackProcessed('?code=a&state=s1');
    expect(wasCallbackProcessed('?code=a&state=s1')).toBe(true);
    expect(wasCallbackProcessed('?code=b&state=s2')).toBe(false);
  });

  it('allows one automatic redirect until a sign-in succeeds', () => {
    expect(claimAutoRedirect()).toBe(true);
    expect(claimAutoRedirect()).toBe(false);
    resetAutoRedirect();
    expect(claimAutoRedirect()).toBe(true);
  });
});

describe('returnTo', () => {
  it('keeps same-site paths and refuses everything else', () => {
    expect(safeReturnTo('/app/01H?x=1#h')).toBe('/app/01H?x=1#h');
    expect(safeReturnTo('/subscription')).toBe('/subscription');
    expect(safeReturnTo('https://evil.example')).toBe('/app');
    expect(safeReturnTo('//evil.example')).toBe('/app');
    expect(safeReturnTo('/\\evil.example')).toBe('/app');
    expect(safeReturnTo('/callback?code=1')).toBe('/app');
    expect(safeReturnTo(undefined)).toBe('/app');
  });
  it('reads returnTo from the sign-in state', () => {
    expect(returnToFromState({ returnTo: '/admin' })).toBe('/admin');
    expect(returnToFromState(null)).toBe('/app');
  });
});
