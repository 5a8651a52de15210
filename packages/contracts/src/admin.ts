import { z } from 'zod/mini';

/** The admin portal's constants (docs/PRODUCT.md#admin), word for word. */
export const ADMIN = {
  metricsRanges: ['7d', '28d', '30d'] as const,
  defaultRange: '28d' as const,
  /** Rows per page of a segment's user list. */
  listPageSize: 50,
  /** Rows in the detail modal (the user's months of usage). */
  detailRows: 100,
  /** Days of the daily signups chart. */
  signupsChartDays: 30,
  /** The longest span GET /admin/users/dailySignups answers for. */
  maxSignupsSpanDays: 366,
  /** The portal's sidebar becomes a drawer at this width and below. */
  mobileBreakpointPx: 767,
} as const;

/** The admin portal's messages (docs/PRODUCT.md#admin), word for word. */
export const ADMIN_MESSAGES = {
  fetchUsersFailed: (status: number | string) => `Failed to fetch users: ${status}`,
  fetchMetricsFailed: 'Failed to fetch metrics',
  userDetailsFailed: 'Failed to load user details',
  fetchUsageFailed: 'Failed to fetch usage',
  noUsersInSegment: 'No users found in the selected segment',
  previewFailed: 'Failed to load content for preview.',
  documentsFailed: 'Failed to load documents',
} as const;

export const metricsRangeSchema = z.enum(ADMIN.metricsRanges);
export type MetricsRange = z.infer<typeof metricsRangeSchema>;

/** Segments of the user list (docs/PRODUCT.md#admin). */
export const USER_SEGMENTS = ['newSignups', 'freeActive', 'freeInactive', 'paidActive', 'paidInactive'] as const;
export const userSegmentSchema = z.enum(USER_SEGMENTS);
export type UserSegment = z.infer<typeof userSegmentSchema>;

/** GET /api/users/access: what the signed-in account may open (the profile menu's Admin block, /admin). */
export const accessAnswerSchema = z.object({
  isAdmin: z.boolean(),
  /** True for the tenant named by PUBLISHING_TENANT, when it is an administrator: the publishing manager. */
  canPublish: z.boolean(),
  /**
   * Whether PUBLISHING_TENANT is set on this server, told to administrators only (false for everyone
   * else): the Publishing page tells an administrator who may not publish why, and what to set.
   */
  publishingTenantSet: z.boolean(),
});
export type AccessAnswer = z.infer<typeof accessAnswerSchema>;

/** An admin user row (docs/PRODUCT.md#admin), with the user's id for the detail modal. */
export const adminUserRowSchema = z.object({
  userId: z.string(),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  createdAt: z.string(),
  /** The newest of: sign-in profile update, document edit, AI call; null when none happened. */
  lastActiveAt: z.nullable(z.string()),
  /** Stripe's subscription status, or null without one. */
  subscriptionStatus: z.nullable(z.string()),
  /** Dollars of AI use settled in the current month. */
  monthlySpending: z.number(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const metricsTotalsSchema = z.object({
  freeActive: z.number().check(z.int()),
  freeInactive: z.number().check(z.int()),
  paidActive: z.number().check(z.int()),
  paidInactive: z.number().check(z.int()),
  newSignups: z.number().check(z.int()),
  costInsights: z.object({ totalSpending: z.number(), averageSpending: z.number() }),
});
export type MetricsTotals = z.infer<typeof metricsTotalsSchema>;

export const rangeQuerySchema = z.object({ range: z._default(metricsRangeSchema, ADMIN.defaultRange) });
export const totalsAnswerSchema = z.object({ success: z.literal(true), data: metricsTotalsSchema, message: z.string() });

export const userListQuerySchema = z.object({
  segment: userSegmentSchema,
  range: z._default(metricsRangeSchema, ADMIN.defaultRange),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(ADMIN.listPageSize)), ADMIN.listPageSize),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});
export const userListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(adminUserRowSchema), total: z.number().check(z.int()), nextCursor: z.nullable(z.string()) }),
});
export type UserListAnswer = z.infer<typeof userListAnswerSchema>;

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date, YYYY-MM-DD'));
export const dailySignupsQuerySchema = z.object({ from: z.optional(isoDay), to: z.optional(isoDay) });
export const dailySignupSchema = z.object({ date: z.string(), count: z.number().check(z.int()) });
export type DailySignup = z.infer<typeof dailySignupSchema>;
export const dailySignupsAnswerSchema = z.object({ success: z.literal(true), data: z.array(dailySignupSchema) });

export const userLookupQuerySchema = z.object({ email: z.string().check(z.trim(), z.minLength(1), z.maxLength(320)) });
export const userLookupAnswerSchema = z.object({ success: z.literal(true), data: adminUserRowSchema });

export const userIdParamsSchema = z.object({ userId: z.string().check(z.minLength(1), z.maxLength(200)) });
/** One month of a user's usage (docs/PRODUCT.md#admin), with its settled dollars. */
export const adminUsagePeriodSchema = z.object({
  fastCalls: z.number().check(z.int()),
  premiumCalls: z.number().check(z.int()),
  fastTokens: z.number().check(z.int()),
  premiumTokens: z.number().check(z.int()),
  voiceMinutes: z.number(),
  period: z.string(),
  cost: z.number(),
});
export type AdminUsagePeriod = z.infer<typeof adminUsagePeriodSchema>;
export const userUsageAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    user: adminUserRowSchema,
    /** The current month first, then earlier months with usage, at most ADMIN.detailRows. */
    periods: z.array(adminUsagePeriodSchema),
  }),
});
export type UserUsageAnswer = z.infer<typeof userUsageAnswerSchema>;
