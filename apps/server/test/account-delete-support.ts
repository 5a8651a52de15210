import type { Database } from '../src/db/db';

/** Tables that name an account by another column than `tenant_id`, and how a row names it. */
const OTHER_KEYS: Record<string, string> = {
  users: 'id = $1',
  tenants: 'id = $1',
  oidc_payloads: "payload->>'accountId' = $1",
  password_reset_tokens: 'user_id = $1',
  email_verification_tokens: 'user_id = $1',
};

/** Every table of the schema with a `tenant_id` column (read from the database, so a new table is seen). */
export async function tenantScopedTables(database: Pick<Database, 'query'>): Promise<string[]> {
  const rows = await database.query<{ table_name: string }>(
    `select distinct table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'tenant_id' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** How many rows of the tenant each table holds: every `tenant_id` table, and the identity's tables. */
export async function tenantRowCounts({ database, tenantId }: { database: Pick<Database, 'query'>; tenantId: string }): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const conditions = Object.entries(OTHER_KEYS).concat((await tenantScopedTables(database)).map((table) => [table, 'tenant_id = $1']));
  for (const [table, condition] of conditions) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from "${table}" where ${condition}`, [tenantId]);
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/**
 * Rows the HTTP set-up of a test does not reach without an AI provider or a running job: chat,
 * the assistant's stored results, a workspace, a post, metering, the meaning index, a dictation in
 * progress and single-use sign-in links. Plain SQL, as the tables' owners would write them.
 */
export async function seedTenantRows({
  database,
  tenantId,
  fileId,
  dictationId,
}: {
  database: Pick<Database, 'query'>;
  tenantId: string;
  fileId: string;
  dictationId: string;
}): Promise<void> {
  const q = (text: string, params: unknown[] = []) => database.query(text, params);
  await q(`insert into chat_messages (tenant_id, file_id, id, role, content, state) values ($1, $2, $3, 'user', 'Suggest a title', 'done')`, [
    tenantId,
    fileId,
    `chat-${tenantId}`,
  ]);
  await q(
    `insert into background_responses (tenant_id, document_id, operation_id, operation_type, response, original_context, status)
     values ($1, $2, $3, 'rewrite', '{}'::jsonb, '{}'::jsonb, 'completed')`,
    [tenantId, fileId, `op-${tenantId}`],
  );
  await q(`insert into workspaces (id, tenant_id, master_file_id) values ($1, $2, $3)`, [`ws-${tenantId}`, tenantId, fileId]);
  await q(
    `insert into workspace_variants (file_id, tenant_id, workspace_id, master_file_id, variant_type, label, master_revision, status)
     values ($1, $2, $3, $4, 'shorter', 'Shorter', 1, 'ready')`,
    [dictationId, tenantId, `ws-${tenantId}`, fileId],
  );
  await q(`insert into publishing_posts (tenant_id, file_id, title, slug, category) values ($1, $2, 'Post', $3, 'blog')`, [
    tenantId,
    fileId,
    `post-${tenantId.toLowerCase()}`,
  ]);
  await q(`insert into usage_periods (tenant_id, period, fast_calls, cost) values ($1, '2026-01', 3, 0.01)`, [tenantId]);
  await q(`insert into usage_events (tenant_id, period, at, tier, calls, tokens, cost) values ($1, '2026-01', now(), 'fast', 3, 300, 0.01)`, [tenantId]);
  await q(`insert into usage_holds (id, owner, held_until, tenant_id, period, tier) values ($1, 'test', now() + interval '1 hour', $2, '2026-01', 'fast')`, [
    `hold-${tenantId}`,
    tenantId,
  ]);
  await q(`update files set metadata = metadata || '{"isTranscribing": true}'::jsonb where id = $1`, [dictationId]);
  await q(`insert into password_reset_tokens (token_hash, user_id, created_at, expires_at) values ($1, $2, now(), now() + interval '1 hour')`, [
    `reset-${tenantId}`,
    tenantId,
  ]);
  await q(`insert into email_verification_tokens (token_hash, user_id, created_at, expires_at) values ($1, $2, now(), now() + interval '1 hour')`, [
    `verify-${tenantId}`,
    tenantId,
  ]);
  const [vector] = await database.query<{ present: boolean }>(`select to_regclass('file_passages') is not null as present`);
  if (vector?.present) {
    await q(
      `insert into file_passages (tenant_id, file_id, model, passage_index, passage_offset, passage_text, embedding) values ($1, $2, 'm', 0, 0, 'The heron', '[1,0,0]')`,
      [tenantId, fileId],
    );
    await q(`insert into file_passage_state (file_id, tenant_id, model, content_hash) values ($1, $2, 'm', 'x')`, [fileId, tenantId]);
  }
}
