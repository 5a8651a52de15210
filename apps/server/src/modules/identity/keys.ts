import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { z } from 'zod';
import type { Db } from '../../db/db';
import { appSecrets } from './identity.table';

/** The one signing algorithm of the embedded issuer: ID tokens and JWT access tokens. */
export const SIGNING_ALG = 'RS256';

const SIGNING_KEYS_SECRET = 'oidc_signing_keys';
const COOKIE_KEYS_SECRET = 'oidc_cookie_keys';

const rsaPrivateJwkSchema = z.object({
  kty: z.literal('RSA'),
  n: z.string().min(1),
  e: z.string().min(1),
  d: z.string().min(1),
  p: z.string().min(1),
  q: z.string().min(1),
  dp: z.string().min(1),
  dq: z.string().min(1),
  qi: z.string().min(1),
  kid: z.string().min(1),
  alg: z.literal(SIGNING_ALG),
  use: z.literal('sig'),
});
export type PrivateSigningJwk = z.infer<typeof rsaPrivateJwkSchema>;

const signingKeysSchema = z.object({ keys: z.array(rsaPrivateJwkSchema).min(1) });
const cookieKeysSchema = z.object({ keys: z.array(z.string().min(32)).min(1) });

export interface IssuerSecrets {
  /** Private JWKs, newest first: the first one signs. */
  signingKeys: PrivateSigningJwk[];
  /** Keys that sign oidc-provider's cookies (Keygrip), newest first. */
  cookieKeys: string[];
}

/**
 * Loads the embedded issuer's signing and cookie keys from `app_secrets`, generating and
 * storing them on first start, so tokens and sign-in sessions survive restarts.
 */
export async function loadIssuerSecrets({ db }: { db: Db }): Promise<IssuerSecrets> {
  const signing = await loadOrCreateSecret({
    db,
    name: SIGNING_KEYS_SECRET,
    schema: signingKeysSchema,
    create: async () => ({ keys: [await generateSigningKey()] }),
  });
  const cookies = await loadOrCreateSecret({
    db,
    name: COOKIE_KEYS_SECRET,
    schema: cookieKeysSchema,
    create: async () => ({ keys: [randomBytes(32).toString('base64url')] }),
  });
  return { signingKeys: signing.keys, cookieKeys: cookies.keys };
}

/** The public half of the signing keys: what the local verifier (and /oidc/jwks) use. */
export function toPublicJwks(keys: readonly PrivateSigningJwk[]): { keys: JWK[] } {
  return { keys: keys.map(({ kty, n, e, kid, alg, use }) => ({ kty, n, e, kid, alg, use })) };
}

/** A fresh RSA-2048 signing key as a private JWK whose kid is its RFC 7638 thumbprint. */
export async function generateSigningKey(): Promise<PrivateSigningJwk> {
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n: jwk.n, e: jwk.e });
  return rsaPrivateJwkSchema.parse({ ...jwk, kid, alg: SIGNING_ALG, use: 'sig' });
}

/**
 * Reads a secret; creates it when missing. Two processes starting at once may both
 * generate one: the insert keeps the first and both read back that winner.
 */
async function loadOrCreateSecret<T>({ db, name, schema, create }: { db: Db; name: string; schema: z.ZodType<T>; create: () => Promise<T> }): Promise<T> {
  const existing = await readSecret({ db, name, schema });
  if (existing) return existing;
  await db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const stored = await readSecret({ db, name, schema });
  if (!stored) throw new Error(`The secret ${name} could not be stored in app_secrets.`);
  return stored;
}

async function readSecret<T>({ db, name, schema }: { db: Db; name: string; schema: z.ZodType<T> }): Promise<T | null> {
  const rows = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  if (!rows[0]) return null;
  const parsed = schema.safeParse(rows[0].value);
  // A damaged secret must not be silently replaced: that would sign everyone out.
  if (!parsed.success) throw new Error(`The secret ${name} in app_secrets is malformed; fix or delete that row.`);
  return parsed.data;
}
