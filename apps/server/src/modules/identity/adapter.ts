import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/db';
import { oidcPayloads } from './identity.table';

/**
 * oidc-provider's storage in `oidc_payloads`: one row per model instance (Session, Grant,
 * AuthorizationCode, RefreshToken, Interaction…), keyed by (model name, id). Expired rows
 * are ignored on read and removed by {@link sweepExpiredPayloads}.
 */
export function createPayloadAdapter({ db, now = () => new Date() }: { db: Db; now?: () => Date }): AdapterConstructor {
  const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, now()));

  async function findBy(type: string, column: 'id' | 'uid' | 'userCode', value: string): Promise<AdapterPayload | undefined> {
    const rows = await db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.type, type), eq(oidcPayloads[column], value), notExpired()))
      .limit(1);
    const row = rows[0];
    if (!row || !isPayload(row.payload)) return undefined;
    // oidc-provider reads `consumed` (epoch seconds) to detect code and refresh-token reuse.
    return row.consumedAt ? { ...row.payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : row.payload;
  }

  return class PayloadAdapter implements Adapter {
    readonly #type: string;

    constructor(name: string) {
      this.#type = name;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(now().getTime() + expiresIn * 1000) : null;
      const columns = {
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayloads)
        .values({ type: this.#type, id, ...columns })
        .onConflictDoUpdate({ target: [oidcPayloads.type, oidcPayloads.id], set: columns });
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return findBy(this.#type, 'id', id);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return findBy(this.#type, 'uid', uid);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return findBy(this.#type, 'userCode', userCode);
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: now() })
        .where(and(eq(oidcPayloads.type, this.#type), eq(oidcPayloads.id, id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.#type), eq(oidcPayloads.id, id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.type, this.#type), eq(oidcPayloads.grantId, grantId)));
    }
  };
}

/** Deletes rows past their expiry; returns how many went. Run periodically by the identity module. */
export async function sweepExpiredPayloads({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const deleted = await db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, now)).returning({ id: oidcPayloads.id });
  return deleted.length;
}

function isPayload(value: unknown): value is AdapterPayload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
