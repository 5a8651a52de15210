import { z } from 'zod';

/** GET /api/config — public: what the SPA needs before sign-in. */
export const publicConfigSchema = z.object({
  productName: z.string(),
  oidc: z.object({
    mode: z.enum(['embedded', 'external']),
    authority: z.string(),
    clientId: z.string(),
    audience: z.string(),
    scope: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** GET /api/health — public. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
});
export type Health = z.infer<typeof healthSchema>;
