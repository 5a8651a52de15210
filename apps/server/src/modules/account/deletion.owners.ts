import { aiTenantData } from '../ai/ai.tenant-data';
import { billingTenantData } from '../billing/billing.tenant-data';
import { chatTenantData } from '../chat/chat.tenant-data';
import { commentsTenantData } from '../comments/comments.tenant-data';
import { suggestionsTenantData } from '../suggestions/suggestions.tenant-data';
import { feedbackTenantData } from '../feedback/feedback.tenant-data';
import { filesTenantData } from '../files/files.port';
import { grantsTenantData } from '../grants/grants.tenant-data';
import { imagesTenantData } from '../images/images.tenant-data';
import { publishingTenantData } from '../publishing/publishing.tenant-data';
import { replaysTenantData } from '../replays/replays.tenant-data';
import { searchTenantData } from '../search/search.tenant-data';
import { semanticTenantData } from '../search/semantic/semantic.tenant-data';
import { sharesTenantData } from '../shares/shares.tenant-data';
import { tenantsTenantData } from '../tenants/tenants.tenant-data';
import { usageTenantData } from '../usage/usage.tenant-data';
import type { TenantDataOwner } from '../../lib/tenant-data';
import { versionsTenantData } from '../versions/versions.tenant-data';
import { voiceTenantData } from '../voice/voice.tenant-data';
import { workspacesTenantData } from '../workspaces/workspaces.tenant-data';

/**
 * Every module holding a tenant's rows, in the order a deletion removes them: what hangs off a
 * document first (shares first of all, so a public link is gone with the first statement), then the
 * documents, then the tenant's own settings, billing records and the tenant row last. A new table
 * with a `tenant_id` must be listed by its owner here: account-delete-tables.test.ts fails otherwise.
 */
export const TENANT_DATA_OWNERS: readonly TenantDataOwner[] = [
  sharesTenantData,
  // Grants next: another account loses access the moment the deletion begins.
  grantsTenantData,
  commentsTenantData,
  suggestionsTenantData,
  publishingTenantData,
  chatTenantData,
  aiTenantData,
  workspacesTenantData,
  versionsTenantData,
  semanticTenantData,
  imagesTenantData,
  filesTenantData,
  searchTenantData,
  voiceTenantData,
  feedbackTenantData,
  replaysTenantData,
  usageTenantData,
  billingTenantData,
  tenantsTenantData,
];
