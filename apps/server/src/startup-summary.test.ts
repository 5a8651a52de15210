import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { describeAiSetup } from './modules/ai/ai.setup';
import { semanticSearchOff } from './modules/search/search.ports';
import { startupSummary } from './startup-summary';

describe('the terminal at start-up', () => {
  it('stays quiet for a person at a terminal, and logs every request for a machine or at debug', () => {
    expect(loadConfig({}, { interactive: true })).toMatchObject({ logLevel: 'warn', requestLogs: false });
    expect(loadConfig({ LOG_LEVEL: 'info' }, { interactive: true })).toMatchObject({ logLevel: 'info', requestLogs: false });
    expect(loadConfig({ LOG_LEVEL: 'debug' }, { interactive: true })).toMatchObject({ logLevel: 'debug', requestLogs: true });
    expect(loadConfig({}, { interactive: false })).toMatchObject({ logLevel: 'info', requestLogs: true });
  });

  it('says where Bree runs, its database and sign-in, and what each optional part needs', () => {
    const config = loadConfig({ GOOGLE_GENERATIVE_AI_API_KEY: 'k' }, { interactive: true });
    const text = startupSummary({
      config,
      databaseKind: 'pglite',
      aiSetup: describeAiSetup(config, (tier) => tier === 'fast'),
      semantic: semanticSearchOff.availability(),
    });
    expect(text).toContain('Bree is running at http://localhost:3000');
    expect(text).toMatch(/Database\s+embedded, in \.\/data/);
    expect(text).toMatch(/Sign-in\s+accounts kept by Bree/);
    expect(text).toMatch(/AI \(Fast\)\s+gemini-2\.5-flash \(Google\), ready/);
    expect(text).toMatch(/AI \(Premium\)\s+not set up\. .*ANTHROPIC_API_KEY/);
    expect(text).toMatch(/Dictation\s+not set up\. .*AI_TRANSCRIPTION_MODEL/);
    expect(text).toMatch(/Embeddings\s+off\. .*AI_EMBEDDING_MODEL/);
    expect(text).toMatch(/Billing\s+off: every account has the self-hosted plan \(set STRIPE_SECRET_KEY to sell plans\)/);
    expect(text).toMatch(/Mail\s+off/);
    expect(text).toContain('LOG_LEVEL=debug shows every request');
  });

  it('names PostgreSQL, an external issuer, Stripe and SMTP when they are configured', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://u:p@db:5432/bree',
        OIDC_ISSUER: 'https://id.example.com',
        OIDC_CLIENT_ID: 'spa',
        OIDC_AUDIENCE: 'api',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
        STRIPE_PRICE_PRO: 'price_pro',
        STRIPE_PRICE_PAYG: 'price_payg',
        SMTP_URL: 'smtp://mail.example.com',
      },
      { interactive: false },
    );
    const text = startupSummary({
      config,
      databaseKind: 'postgres',
      aiSetup: describeAiSetup(config, () => false),
      semantic: { available: false, reason: 'no_extension', message: 'Search by meaning needs the pgvector extension.' },
    });
    expect(text).toMatch(/Database\s+PostgreSQL \(DATABASE_URL\)/);
    expect(text).not.toContain('u:p@');
    expect(text).toMatch(/Sign-in\s+OpenID Connect at https:\/\/id\.example\.com/);
    expect(text).toMatch(/Billing\s+Stripe/);
    expect(text).toMatch(/Embeddings\s+off\. Search by meaning needs the pgvector extension\./);
    expect(text).toMatch(/Mail\s+sent over SMTP_URL/);
    expect(text).toContain('Request logs follow.');
  });

  it('names the embedding model of search by meaning when it is ready', () => {
    const config = loadConfig({ AI_EMBEDDING_MODEL: 'openai-compatible:nomic-embed-text', AI_OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:11434/v1' });
    const text = startupSummary({
      config,
      databaseKind: 'pglite',
      aiSetup: describeAiSetup(config, () => false),
      semantic: { available: true, model: 'openai-compatible:nomic-embed-text' },
    });
    expect(text).toMatch(/Embeddings\s+nomic-embed-text \(local\), ready/);
  });
});
