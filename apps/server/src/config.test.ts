import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('defaults to port 3000, ./data and the embedded issuer', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.dataDir).toBe('./data');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.oidc).toEqual({ mode: 'embedded', issuer: 'http://localhost:3000/oidc', clientId: 'bree-web', audience: 'bree-api' });
  });

  it('switches to an external issuer only when all three OIDC variables are set', () => {
    const c = loadConfig({ OIDC_ISSUER: 'https://id.example.com/', OIDC_CLIENT_ID: 'spa', OIDC_AUDIENCE: 'https://api.example.com' });
    expect(c.oidc).toEqual({ mode: 'external', issuer: 'https://id.example.com', clientId: 'spa', audience: 'https://api.example.com' });
    expect(() => loadConfig({ OIDC_ISSUER: 'https://id.example.com' })).toThrow(ConfigError);
  });

  it('names each invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
  });

  it('reads SUPPORT_EMAIL as an address, refusing anything else', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'help@bree.example' }).supportEmail).toBe('help@bree.example');
    expect(loadConfig({}).supportEmail).toBeUndefined();
    expect(() => loadConfig({ SUPPORT_EMAIL: 'not an address' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('turns outgoing mail on with SMTP_URL, never echoing its password in errors', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtp://bree:s3cret@mail.example.com:587' }).mail).toEqual({
      smtpUrl: 'smtp://bree:s3cret@mail.example.com:587',
      from: 'Bree <no-reply@localhost>',
    });
    expect(loadConfig({ SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'Writers <hello@example.com>' }).mail?.from).toBe('Writers <hello@example.com>');
    expect(() => loadConfig({ SMTP_URL: 'https://bree:s3cret@mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'https://bree:s3cret@mail.example.com' })).not.toThrow(/s3cret/);
  });

  it('reads admin e-mails case-insensitively', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Ann@Example.com, bob@example.com ,' }).adminEmails).toEqual(['ann@example.com', 'bob@example.com']);
  });

  it('turns billing on with STRIPE_SECRET_KEY only together with the webhook secret and the Pro price', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_PRO/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_PRO: 'price_1' }).stripe).toMatchObject({
      pricePro: 'price_1',
      pricePayg: undefined,
      paygMeterEvent: 'bree_payg_calls',
    });
  });

  it('turns analytics on only with the provider, its script and the site together', () => {
    expect(loadConfig({}).analytics).toBeNull();
    expect(() => loadConfig({ ANALYTICS_PROVIDER: 'plausible' })).toThrow(/ANALYTICS_PROVIDER, ANALYTICS_SCRIPT_URL and ANALYTICS_SITE_ID/);
    expect(() => loadConfig({ ANALYTICS_PROVIDER: 'matomo', ANALYTICS_SCRIPT_URL: 'https://a.example/s.js', ANALYTICS_SITE_ID: '1' })).toThrow(
      /ANALYTICS_PROVIDER/,
    );
    expect(
      loadConfig({ ANALYTICS_PROVIDER: 'umami', ANALYTICS_SCRIPT_URL: 'https://umami.example.org/script.js', ANALYTICS_SITE_ID: 'site-1' }).analytics,
    ).toEqual({ provider: 'umami', scriptUrl: 'https://umami.example.org/script.js', siteId: 'site-1' });
  });
});
