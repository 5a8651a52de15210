import {
  grantAcceptAnswerSchema,
  grantAccessAnswerSchema,
  grantChangeAnswerSchema,
  grantFileParamsSchema,
  grantInviteAnswerSchema,
  grantInviteBodySchema,
  grantPeopleAnswerSchema,
  grantRemoveBodySchema,
  grantRoleBodySchema,
  grantTokenParamsSchema,
  sharedWithMeAnswerSchema,
} from '@bree/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../plugins/auth';
import type { GrantsService } from './grants.service';

/** /api/grants/* (docs/SHARING.md "People"): invitations, the people with access and 'Shared with me'. */
export const grantsRoutes: FastifyPluginAsyncZod<{ grants: GrantsService }> = async (app, { grants }) => {
  app.post('/grants/invite', { schema: { body: grantInviteBodySchema, response: { 200: grantInviteAnswerSchema } } }, async (req) =>
    grants.invite({ tenantId: requireAuth(req).tenantId, ...req.body }),
  );

  app.post('/grants/accept/:token', { schema: { params: grantTokenParamsSchema, response: { 200: grantAcceptAnswerSchema } } }, async (req) =>
    grants.accept({ tenantId: requireAuth(req).tenantId, token: req.params.token }),
  );

  app.get('/grants/people/:fileId', { schema: { params: grantFileParamsSchema, response: { 200: grantPeopleAnswerSchema } } }, async (req) =>
    grants.people({ tenantId: requireAuth(req).tenantId, fileId: req.params.fileId }),
  );

  app.post('/grants/role', { schema: { body: grantRoleBodySchema, response: { 200: grantChangeAnswerSchema } } }, async (req) =>
    grants.setRole({ tenantId: requireAuth(req).tenantId, ...req.body }),
  );

  app.post('/grants/remove', { schema: { body: grantRemoveBodySchema, response: { 200: grantChangeAnswerSchema } } }, async (req) =>
    grants.remove({ tenantId: requireAuth(req).tenantId, ...req.body }),
  );

  app.get('/grants/access/:fileId', { schema: { params: grantFileParamsSchema, response: { 200: grantAccessAnswerSchema } } }, async (req) => {
    const { role } = await grants.accessOf({ tenantId: requireAuth(req).tenantId, fileId: req.params.fileId });
    return { success: true as const, role };
  });

  app.get('/grants/shared-with-me', { schema: { response: { 200: sharedWithMeAnswerSchema } } }, async (req) =>
    grants.sharedWithMe({ tenantId: requireAuth(req).tenantId }),
  );
};
