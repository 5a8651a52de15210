import {
  fileAnswerSchema,
  grantAcceptAnswerSchema,
  grantAccessAnswerSchema,
  grantChangeAnswerSchema,
  grantInviteAnswerSchema,
  grantPeopleAnswerSchema,
  sharedWithMeAnswerSchema,
  type DocumentRole,
  type GrantScope,
} from '@bree/contracts';
import type { ApiClient } from '../../lib/api';

/** POST /grants/invite: mailed when Bree has SMTP_URL, else the link comes back for the owner to pass on. */
export function invitePerson(api: ApiClient, q: { fileId: string; email: string; role: DocumentRole; scope?: GrantScope }) {
  return api.post('/grants/invite', q, { schema: grantInviteAnswerSchema });
}

/** GET /grants/people/{fileId}: who has access, and the invitations not yet accepted. */
export function listPeople(api: ApiClient, fileId: string) {
  return api.get(`/grants/people/${encodeURIComponent(fileId)}`, { schema: grantPeopleAnswerSchema });
}

/** POST /grants/role. */
export function changeRole(api: ApiClient, q: { fileId: string; granteeId: string; role: DocumentRole }) {
  return api.post('/grants/role', q, { schema: grantChangeAnswerSchema });
}

/** POST /grants/remove: the person loses access at once. */
export function removePerson(api: ApiClient, q: { fileId: string; granteeId: string }) {
  return api.post('/grants/remove', q, { schema: grantChangeAnswerSchema });
}

/** POST /grants/accept/{token}: the signed-in account takes the invitation. */
export function acceptInvitation(api: ApiClient, token: string) {
  return api.post(`/grants/accept/${encodeURIComponent(token)}`, {}, { schema: grantAcceptAnswerSchema, retry: false });
}

/** GET /grants/access/{fileId}: the caller's role now (404 once it is gone). */
export async function accessOf(api: ApiClient, fileId: string) {
  const answer = await api.get(`/grants/access/${encodeURIComponent(fileId)}`, { schema: grantAccessAnswerSchema });
  return answer.role;
}

/** GET /grants/shared-with-me: other accounts' documents granted to the caller. */
export async function sharedWithMe(api: ApiClient) {
  const answer = await api.get('/grants/shared-with-me', { schema: sharedWithMeAnswerSchema });
  return answer.documents;
}

/** POST /files/get by id, as any role may. */
export async function sharedFile(api: ApiClient, fileId: string) {
  const answer = await api.post('/files/get', { fileId }, { schema: fileAnswerSchema });
  return answer.file;
}
