import { checksIgnoredAnswerSchema, checkSettingsSchema, type CheckSettings } from '@bree/contracts';
import type { ApiClient } from '../../../lib/api';

/** React Query keys, per tenant: one author's settings are never shown to the next one signing in on this browser. */
export const checkSettingsKey = (tenantId: string) => ['checks', 'settings', tenantId] as const;
export const ignoredFindingsKey = (tenantId: string, fileId: string) => ['checks', 'ignored', tenantId, fileId] as const;

/** GET /checks/settings: the author's settings (the defaults until saved). */
export function getCheckSettings(api: ApiClient): Promise<CheckSettings> {
  return api.get('/checks/settings', { schema: checkSettingsSchema });
}

/** PUT /checks/settings: answers the settings as saved. */
export function putCheckSettings(api: ApiClient, settings: CheckSettings): Promise<CheckSettings> {
  return api.put('/checks/settings', settings, { schema: checkSettingsSchema });
}

/** GET /checks/ignored: the finding ids ignored in a document. */
export async function getIgnoredFindings(api: ApiClient, fileId: string): Promise<string[]> {
  return (await api.get(`/checks/ignored?fileId=${encodeURIComponent(fileId)}`, { schema: checksIgnoredAnswerSchema })).ignored;
}

/** POST /checks/ignored: remembers (or forgets) an ignored finding; answers the document's list. */
export async function setIgnoredFinding(api: ApiClient, body: { fileId: string; findingId: string; ignored: boolean }): Promise<string[]> {
  return (await api.post('/checks/ignored', body, { schema: checksIgnoredAnswerSchema })).ignored;
}
