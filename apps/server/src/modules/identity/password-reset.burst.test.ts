import { beforeAll, describe, expect, it } from 'vitest';
import { getTestDatabase, resetDatabase } from '../../../test/harness';
import type { Mailer } from '../../lib/mailer';
import { createRateLimitCounters } from '../rate-limits/rate-limits.port';
import { createPasswordResetService, RESET_MAIL_LIMIT } from './password-reset.service';

describe('a burst of reset requests for one account', () => {
  beforeAll(async () => resetDatabase(await getTestDatabase()));

  it('sends at most the limit of mails, however many requests arrive at once', async () => {
    const database = await getTestDatabase();
    const sent: string[] = [];
    const mailer = { send: async ({ to }: { to: string }) => void sent.push(to), close: () => undefined } as unknown as Mailer;
    const service = createPasswordResetService({
      accounts: { findByEmail: async ({ email }) => ({ id: 'user-burst', email }) as never },
      repository: {
        insertToken: async () => undefined,
        findValidToken: async () => null,
        consumeToken: async () => null,
        deleteExpiredTokens: async () => 0,
      },
      mailer,
      publicUrl: 'http://localhost:3999',
      counters: createRateLimitCounters({ db: database.db }),
    });
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => service.requestReset('burst@example.com')));
    expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(RESET_MAIL_LIMIT.maxFailures);
    expect(outcomes.filter((outcome) => outcome === 'limited')).toHaveLength(12 - RESET_MAIL_LIMIT.maxFailures);
    expect(sent).toHaveLength(RESET_MAIL_LIMIT.maxFailures);
  });
});
