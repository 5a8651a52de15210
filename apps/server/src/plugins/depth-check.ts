import { MAX_BODY_DEPTH, nestsDeeperThan } from '@bree/contracts';
import type { FastifyInstance } from 'fastify';
import { commonErrors } from '../lib/errors';

/**
 * A JSON body nested deeper than MAX_BODY_DEPTH answers 400 `document_too_deep` before anything
 * else reads it: the text check, the replay fingerprint, the route's schema and the worker
 * hand-off all walk or serialize the body, and recursion over a tree thousands of levels deep
 * overflows the stack (a 500). JSON.parse itself is iterative, so the body arrives whole; this one
 * iterative measure runs first (docs/HARDENING.md "Deep nesting"). Register before any other
 * preValidation hook and before any route.
 */
export function registerDepthCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (nestsDeeperThan({ value: request.body, maxDepth: MAX_BODY_DEPTH })) throw commonErrors.bodyTooDeep(MAX_BODY_DEPTH);
  });
}
