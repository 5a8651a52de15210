import { hasUnstorableText } from '@bree/contracts';
import { z } from 'zod';

/**
 * The list's keyset cursor: what a page's last row sorts by, handed to the client as an opaque
 * string and checked strictly when it comes back (a forged one is 400 invalid_cursor, never a
 * query error).
 */

// An ISO time between 1970 and 9999 (PostgreSQL's timestamptz holds it; a forged year like
// -271821 would reach the database as an error).
const cursorTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/)
  .refine((u) => {
    const ms = Date.parse(u);
    return Number.isFinite(ms) && ms >= 0;
  });

/** The keyset cursor: the sort key of the last row of a page. */
const cursorSchema = z.strictObject({
  t: z.boolean(),
  u: cursorTime,
  i: z.string().regex(/^[0-9A-Za-z_-]{1,64}$/),
  n: z
    .string()
    .max(4000)
    .refine((n) => !hasUnstorableText(n))
    .optional(),
  r: z.number().int().min(0).max(1000).optional(),
});
export type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}
/** The cursor a client sent back, or null when it is not one this server could have given out. */
export function decodeCursor(raw: string): Cursor | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
