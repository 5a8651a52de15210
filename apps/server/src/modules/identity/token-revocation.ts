import type { Database } from '../../db/db';
import type { NotificationHub } from '../../db/notifications';

/**
 * How long a process trusts what it read of an account's `tokens_valid_after` and of a grant.
 * A change is announced to every process at once (NOTIFY); this only bounds a missed message.
 */
export const REVOCATION_TTL_MS = 5_000;
/** Every Bree process forgets the account (`account <sub>`) or grant (`grant <id>`) named on this channel. */
export const TOKENS_REVOKED_CHANNEL = 'bree_tokens_revoked';
/** Entries kept per map at most; the oldest go first (a miss only costs one indexed read). */
const MAX_ENTRIES = 20_000;

/** What the check reads of a verified embedded-issuer access token. */
export interface IssuedToken {
  sub: string;
  /** `iat`, in seconds. */
  issuedAt: number;
  /** The oidc-provider grant the token was minted from (the `gid` claim), ended by a sign-out of that device. */
  grantId: string | undefined;
  /**
   * What the token says of the address (`email`, `email_verified`): refused once the account says
   * otherwise (a confirmed or changed address), so the next refresh carries what ADMIN_EMAILS reads
   * (docs/ACCOUNT.md). Undefined: the token names no address, nothing to compare.
   */
  address?: { email: string; verified: boolean } | undefined;
}

interface Row {
  /** `tokens_valid_after` in whole seconds, rounded down: `iat` is whole seconds too. */
  valid_after_s: number | null;
  email: string;
  email_verified: boolean;
  grant_alive: boolean;
}

interface AccountState {
  exists: boolean;
  validAfterS: number | null;
  email: string | null;
  emailVerified: boolean;
}

/**
 * Whether an embedded-issuer access token is still good although its signature is: refused when it
 * was issued before its account's `tokens_valid_after` (sign-out everywhere, password reset), when
 * its grant has ended (sign-out of the device it was issued to), or when the address it names, or its
 * confirmation, is no longer the account's (docs/ACCOUNT.md: a confirmed or changed address counts at once). Read from
 * PostgreSQL and kept per process for {@link REVOCATION_TTL_MS}; a change here is forgotten in this
 * process at once and in the others through `hub`, so a revoked token is refused everywhere within
 * the time a NOTIFY takes, and within the TTL should the message be lost.
 */
export function createTokenRevocation({
  database,
  hub,
  now = () => Date.now(),
  ttlMs = REVOCATION_TTL_MS,
}: {
  database: Pick<Database, 'query'>;
  hub?: Pick<NotificationHub, 'listen' | 'notify' | 'onReconnect'> | undefined;
  now?: () => number;
  ttlMs?: number;
}) {
  const accounts = new Map<string, AccountState & { at: number }>();
  const grants = new Map<string, { sub: string; alive: boolean; at: number }>();
  // Bumped by every forget: a read that started before one must not store what it read.
  let epoch = 0;

  const forget = (kind: string, id: string) => {
    epoch += 1;
    if (kind === 'grant') grants.delete(id);
    if (kind !== 'account') return;
    accounts.delete(id);
    // The account's sessions may have ended with it (sign-out everywhere): its grants are read again too. Rare enough to scan.
    for (const [grantId, grant] of grants) if (grant.sub === id) grants.delete(grantId);
  };
  const listening = hub
    ? hub.listen(TOKENS_REVOKED_CHANNEL, ({ payload }) => {
        const space = payload.indexOf(' ');
        forget(payload.slice(0, space), payload.slice(space + 1));
      })
    : Promise.resolve();
  // Messages sent while the LISTEN connection was down are lost: forget everything instead.
  hub?.onReconnect(() => {
    epoch += 1;
    accounts.clear();
    grants.clear();
  });

  function remember<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
    map.set(key, value);
  }

  /** The account's valid-after time and whether the grant lives, stored unless a forget came meanwhile. */
  async function read(sub: string, grantId: string): Promise<AccountState & { alive: boolean }> {
    const started = epoch;
    const rows = await database.query<Row>(
      `select floor(extract(epoch from u.tokens_valid_after))::float8 as valid_after_s, u.email, u.email_verified,
              exists(select 1 from oidc_payloads g
                     where g.type = 'Grant' and g.id = $2 and (g.expires_at is null or g.expires_at > now())) as grant_alive
         from users u where u.id = $1`,
      [sub, grantId],
    );
    const row = rows[0];
    const found = {
      exists: row !== undefined,
      validAfterS: row?.valid_after_s ?? null,
      email: row?.email ?? null,
      emailVerified: row?.email_verified === true,
      alive: row?.grant_alive === true,
    };
    if (epoch === started) {
      const at = now();
      remember(accounts, sub, { exists: found.exists, validAfterS: found.validAfterS, email: found.email, emailVerified: found.emailVerified, at });
      remember(grants, grantId, { sub, alive: found.alive, at });
    }
    return found;
  }

  async function announce(kind: 'account' | 'grant', id: string): Promise<void> {
    forget(kind, id);
    // Unsent, the other processes still read it again once their TTL runs out.
    await hub?.notify(TOKENS_REVOKED_CHANNEL, `${kind} ${id}`).catch(() => undefined);
  }

  return {
    /** True when this token must be refused although its signature and expiry are good. */
    async isRevoked({ sub, issuedAt, grantId, address }: IssuedToken): Promise<boolean> {
      // Every token the issuer mints names its grant (provider.ts); one without it was not minted by it.
      if (!grantId) return true;
      const at = now();
      const account = accounts.get(sub);
      const grant = grants.get(grantId);
      const fresh = account && grant && at - account.at < ttlMs && at - grant.at < ttlMs;
      let cached = fresh ? { ...account, alive: grant.alive } : await read(sub, grantId);
      // An address the account no longer has, or no longer has unconfirmed: the token describes someone else's rights.
      const describes = (state: AccountState) => address === undefined || (address.email === state.email && address.verified === state.emailVerified);
      // A token newer than what this process remembers (`npm run verify-email`, a lost message) is checked against the database, not refused.
      if (fresh && !describes(cached)) cached = await read(sub, grantId);
      const stale = !describes(cached);
      // Compared in whole seconds, so a sign-in just after a sign-out everywhere is not refused; a token
      // from earlier in that second names a grant the sign-out ended, which the grant check refuses.
      return !cached.exists || !cached.alive || stale || (cached.validAfterS !== null && issuedAt < cached.validAfterS);
    },

    /** Tells every process that the account's `tokens_valid_after`, address or its confirmation changed (call it once that is committed). */
    accountChanged: (sub: string): Promise<void> => announce('account', sub),

    /** Tells every process that this grant has ended (call it once its row is gone). */
    grantEnded: (grantId: string): Promise<void> => announce('grant', grantId),

    /** Resolves once this process hears the other processes' revocations. */
    listening: (): Promise<void> => listening,
  };
}
export type TokenRevocation = ReturnType<typeof createTokenRevocation>;
