// Every table of Bree, collected for Drizzle and drizzle-kit. Each domain owns its *.table.ts.
export * from '../modules/identity/identity.table';
export * from '../modules/tenants/tenants.table';
export * from '../modules/files/files.table';
export * from '../modules/versions/versions.table';
export * from '../modules/ai/ai.table';
export * from '../modules/usage/usage.table';
export * from '../modules/voice/voice.table';
