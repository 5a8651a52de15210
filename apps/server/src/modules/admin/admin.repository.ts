import type { UserSegment } from '@bree/contracts';
import type { Database } from '../../db/db';
import { documentsRelation } from '../files/files.port';

/** A user as the admin reports read it, before presenting. */
export interface AdminUserRecord {
  user_id: string;
  email: string | null;
  name: string | null;
  created_key: string;
  last_active_at: Date | string | null;
  subscription_status: string | null;
  monthly_spending: string | number;
}

/** Subscription statuses that keep Pro (billing.plans.ts): a paid user has one of them. */
/** Every document, the Trash's too (a last edit is a last edit), through the files module's port. */
const DOCUMENTS = documentsRelation({ columns: ['tenant_id', 'content_updated_at'], includeTrashed: true });
const PAID_STATUSES = "('active', 'trialing', 'past_due')";

/**
 * Everyone who has an account: a tenant (initialised after sign-in) or an embedded account not yet
 * initialised. Name and e-mail come from the profile the app sends after sign-in, else the embedded
 * account. Last activity is the newest profile update, document edit or AI call. $1 is the current
 * month (YYYY-MM) for the monthly spending.
 */
const PEOPLE = `
with people as (
  select id, min(created_at) as created_at
  from (select id, created_at from tenants union all select id, created_at from users) x
  group by id
), u as (
  select p.id as user_id,
    coalesce(pr.email, a.email) as email,
    coalesce(pr.name, a.name) as name,
    p.created_at,
    to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key,
    greatest(pr.updated_at,
      (select max(f.content_updated_at) from ${DOCUMENTS} f where f.tenant_id = p.id),
      (select max(e.at) from usage_events e where e.tenant_id = p.id)) as last_active_at,
    b.subscription_status,
    coalesce(b.subscription_status in ${PAID_STATUSES}, false) as paid,
    coalesce((select up.cost from usage_periods up where up.tenant_id = p.id and up.period = $1), 0) as monthly_spending
  from people p
  left join user_profiles pr on pr.tenant_id = p.id
  left join users a on a.id = p.id
  left join billing_accounts b on b.tenant_id = p.id
)`;

const COLUMNS = 'user_id, email, name, created_key, last_active_at, subscription_status, monthly_spending';

/** The SQL condition of a segment; $2 is the start of the range. */
function segmentCondition(segment: UserSegment): string {
  const active = '(last_active_at >= $2::timestamptz)';
  switch (segment) {
    case 'newSignups':
      return 'created_at >= $2::timestamptz';
    case 'freeActive':
      return `not paid and ${active}`;
    case 'freeInactive':
      return `not paid and not coalesce(${active}, false)`;
    case 'paidActive':
      return `paid and ${active}`;
    case 'paidInactive':
      return `paid and not coalesce(${active}, false)`;
  }
}

/** Read-only reports over every tenant: the admin portal's metrics and user lists. */
export function createAdminRepository({ query }: { query: Database['query'] }) {
  return {
    async totals({ period, since }: { period: string; since: Date }) {
      const [row] = await query<Record<string, number | string>>(
        `${PEOPLE}
        select
          count(*) filter (where created_at >= $2::timestamptz)::int as new_signups,
          count(*) filter (where ${segmentCondition('freeActive')})::int as free_active,
          count(*) filter (where ${segmentCondition('freeInactive')})::int as free_inactive,
          count(*) filter (where ${segmentCondition('paidActive')})::int as paid_active,
          count(*) filter (where ${segmentCondition('paidInactive')})::int as paid_inactive,
          (select coalesce(sum(cost), 0) from usage_events where at >= $2::timestamptz) as total_spending,
          (select count(distinct tenant_id) from usage_events where at >= $2::timestamptz and cost > 0)::int as spenders
        from u`,
        [period, since.toISOString()],
      );
      return row!;
    },

    /** One page of a segment, newest accounts first, after the keyset cursor (created_key, user_id). */
    async list(q: { period: string; since: Date; segment: UserSegment; limit: number; after: { createdKey: string; userId: string } | null }) {
      const where = segmentCondition(q.segment);
      const params: unknown[] = [q.period, q.since.toISOString(), q.limit];
      let after = '';
      if (q.after) {
        params.push(q.after.createdKey, q.after.userId);
        after = 'and (created_at, user_id) < ($4::timestamptz, $5)';
      }
      const rows = await query<AdminUserRecord>(
        `${PEOPLE} select ${COLUMNS} from u where ${where} ${after} order by created_at desc, user_id desc limit $3`,
        params,
      );
      const [count] = await query<{ n: number }>(`${PEOPLE} select count(*)::int as n from u where ${where}`, [q.period, q.since.toISOString()]);
      return { rows, total: count!.n };
    },

    async findByEmail({ period, email }: { period: string; email: string }): Promise<AdminUserRecord | null> {
      const rows = await query<AdminUserRecord>(`${PEOPLE} select ${COLUMNS} from u where lower(email) = lower($2) order by created_at limit 1`, [
        period,
        email,
      ]);
      return rows[0] ?? null;
    },

    async findById({ period, userId }: { period: string; userId: string }): Promise<AdminUserRecord | null> {
      const rows = await query<AdminUserRecord>(`${PEOPLE} select ${COLUMNS} from u where user_id = $2`, [period, userId]);
      return rows[0] ?? null;
    },

    /** Sign-ups per UTC day from `from` to `to` (inclusive), days without any included. */
    async dailySignups({ from, to }: { from: string; to: string }) {
      return query<{ date: string; count: number }>(
        `${PEOPLE}
        select to_char(d, 'YYYY-MM-DD') as date, count(u.user_id)::int as count
        from generate_series($2::date, $3::date, interval '1 day') d
        left join u on (u.created_at at time zone 'UTC')::date = d::date
        group by d order by d`,
        ['0000-00', from, to],
      );
    },

    /** A user's months of usage, newest first. */
    async usagePeriods({ userId, limit }: { userId: string; limit: number }) {
      return query<Record<string, number | string>>(
        `select period, fast_calls, premium_calls, fast_tokens, premium_tokens, voice_minutes, cost
         from usage_periods where tenant_id = $1 order by period desc limit $2`,
        [userId, limit],
      );
    },
  };
}
export type AdminRepository = ReturnType<typeof createAdminRepository>;
