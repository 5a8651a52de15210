import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ulid } from 'ulid';
import { PENDING_PASSWORD_MARK, type AccountsRepository, type UserRow } from './accounts.repository';

/**
 * scrypt cost: N=2^15, r=8, p=1 takes ~100 ms here and 32 MiB of memory. The parameters
 * travel inside every stored hash, so raising them later keeps old hashes verifiable.
 */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;
/** Upper bounds accepted when reading a stored hash, so a tampered row cannot exhaust memory. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const NAME_MAX_LENGTH = 100;
const EMAIL_MAX_LENGTH = 254;

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function maxmemFor(N: number, r: number): number {
  return 128 * N * r * 2;
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (salt and hash base64url), with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT;
  const salt = randomBytes(saltLength);
  const hash = await scryptAsync(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: maxmemFor(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** True when the password matches a hash made by {@link hashPassword}; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const validCost = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0 && N <= MAX_N;
  if (!validCost || !Number.isInteger(r) || r < 1 || r > MAX_R || !Number.isInteger(p) || p < 1 || p > MAX_P) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await scryptAsync(password.normalize('NFKC'), salt, expected.length, { N, r, p, maxmem: maxmemFor(N, r) });
  return timingSafeEqual(actual, expected);
}

/** Lowercased and trimmed: the one form an email is stored and looked up in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A plausible address (one @, a dotted domain, no spaces), at most 254 characters. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}

export type PasswordProblem = 'password_too_short' | 'password_too_long';

/** The rule a new password breaks (sign-up and password resets share them), or null. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  return null;
}

export type RegisterFailure = 'invalid_email' | PasswordProblem | 'name_too_long' | 'email_taken';

export type RegisterResult = { ok: true; user: UserRow } | { ok: false; reason: RegisterFailure };

/** Local accounts: sign-up and password sign-in for the embedded issuer. */
export function createAccountsService({ repository, now = () => new Date() }: { repository: AccountsRepository; now?: () => Date }) {
  // Hashed once, lazily: checked against for unknown emails so both paths cost one scrypt.
  let decoyHash: Promise<string> | null = null;

  return {
    /**
     * Creates an account; a failure names the first rule the input broke. A taken address costs
     * the same scrypt hash and insert as a free one, so the time taken does not tell them apart.
     * `pending`: the password signs in only once the address is confirmed (PENDING_PASSWORD_MARK).
     */
    async register(input: { email: string; password: string; name?: string | undefined; pending?: boolean }): Promise<RegisterResult> {
      const email = normalizeEmail(input.email);
      const name = input.name?.trim() || null;
      if (!isValidEmail(email)) return { ok: false, reason: 'invalid_email' };
      const weak = passwordProblem(input.password);
      if (weak) return { ok: false, reason: weak };
      if (name && name.length > NAME_MAX_LENGTH) return { ok: false, reason: 'name_too_long' };
      const hash = await hashPassword(input.password);
      const passwordHash = input.pending ? `${PENDING_PASSWORD_MARK}${hash}` : hash;
      // The unique index decides whether the address is taken.
      const user = await repository.insert({ id: ulid(), email, passwordHash, name, now: now() });
      return user ? { ok: true, user } : { ok: false, reason: 'email_taken' };
    },

    /** The account for this email and password, or null; unknown emails take as long as wrong passwords. */
    async authenticate(input: { email: string; password: string }): Promise<UserRow | null> {
      const email = normalizeEmail(input.email);
      if (!email || !input.password || input.password.length > PASSWORD_MAX_LENGTH) return null;
      const user = await repository.findByEmail({ email });
      if (!user) {
        decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
        await verifyPassword(input.password, await decoyHash);
        return null;
      }
      // A pending password is still checked, so it takes as long as any other, but it opens nothing.
      const pending = user.passwordHash.startsWith(PENDING_PASSWORD_MARK);
      const stored = pending ? user.passwordHash.slice(PENDING_PASSWORD_MARK.length) : user.passwordHash;
      return (await verifyPassword(input.password, stored)) && !pending ? user : null;
    },

    findById(id: string): Promise<UserRow | null> {
      return repository.findById({ id });
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
