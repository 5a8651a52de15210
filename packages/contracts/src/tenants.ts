import { z } from 'zod/mini';

/** GET /api/tenant/status */
export const tenantStatusSchema = z.object({ tenantId: z.string(), initialized: z.boolean() });
export type TenantStatus = z.infer<typeof tenantStatusSchema>;

/** POST /api/tenant/initialize */
export const initializeTenantBodySchema = z.object({ tenantId: z.string().check(z.minLength(1), z.maxLength(255)) });
export const initializeTenantResponseSchema = z.object({
  success: z.literal(true),
  tenantId: z.string(),
  initialized: z.literal(true),
  created: z.boolean(),
});

/** PUT /api/users/profile */
export const userProfileBodySchema = z.object({
  email: z.email().check(z.maxLength(320)),
  name: z._default(z.optional(z.string().check(z.maxLength(200))), ''),
  emailVerified: z._default(z.optional(z.boolean()), false),
});
export type UserProfileBody = z.input<typeof userProfileBodySchema>;
export const userProfileResponseSchema = z.object({
  success: z.literal(true),
  profile: z.object({ email: z.nullable(z.string()), name: z.nullable(z.string()), emailVerified: z.boolean() }),
});
