/** pg-boss's schema in Bree's database. */
export const BOSS_SCHEMA = 'pgboss';
