import { z } from 'zod';

/** GET /api/tenant/status */
export const tenantStatusSchema = z.object({ tenantId: z.string(), initialized: z.boolean() });
export type TenantStatus = z.infer<typeof tenantStatusSchema>;

/** POST /api/tenant/initialize */
export const initializeTenantBodySchema = z.object({ tenantId: z.string().min(1).max(255) });
export const initializeTenantResponseSchema = z.object({
  success: z.literal(true),
  tenantId: z.string(),
  initialized: z.literal(true),
  created: z.boolean(),
});

/** PUT /api/users/profile */
export const userProfileBodySchema = z.object({
  email: z.email().max(320),
  name: z.string().max(200).optional().default(''),
  emailVerified: z.boolean().optional().default(false),
});
export type UserProfileBody = z.input<typeof userProfileBodySchema>;
export const userProfileResponseSchema = z.object({
  success: z.literal(true),
  profile: z.object({ email: z.string().nullable(), name: z.string().nullable(), emailVerified: z.boolean() }),
});
