import { findUnstorableText, hasUnstorableText } from '@bree/contracts';
import type { FastifyInstance } from 'fastify';
import { commonErrors } from '../lib/errors';

// Headers whose values Bree stores or compares (the replay key, the tenant).
const CHECKED_HEADERS = ['x-operation-id', 'x-tenant-id'] as const;

/**
 * Every request's text passes one check before any route sees it: a string the database cannot
 * hold (NUL, a broken surrogate pair) anywhere in the path parameters, query, body or the stored
 * headers answers 400 `invalid_text` naming the field, never a 500 from the database. Document
 * content gets the same rule: the editor removes such characters before it saves (docs/HARDENING.md).
 * Register before any route, so sign-in forms and every API route pass it. The Stripe webhook reads
 * its body raw (the signature covers the bytes), so this hook sees a Buffer there: the webhook runs
 * the same check on the event once its signature is verified (modules/billing/billing.events.ts).
 */
export function registerTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const header of CHECKED_HEADERS) {
      const value = request.headers[header];
      if (typeof value === 'string' && hasUnstorableText(value)) throw commonErrors.invalidText(header);
    }
    const field = findUnstorableText(request.params, 'path') ?? findUnstorableText(request.query, 'query') ?? findUnstorableText(request.body, 'body');
    if (field) throw commonErrors.invalidText(field.replace(/^(path|query|body)\.?/, '') || field);
  });
}
