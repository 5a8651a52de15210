import type { Config } from './config';
import type { Db } from './db/db';
import type { NotificationHub } from './db/notifications';
import { createMailer } from './lib/mailer';
import type { CommentsRepository } from './modules/comments/comments.repository';
import { createCommentsService } from './modules/comments/comments.service';
import type { FilesPort } from './modules/files/files.port';
import { createGrantsRepository } from './modules/grants/grants.repository';
import { createGrantsService } from './modules/grants/grants.service';
import { createPresenceService } from './modules/presence/presence.service';
import { createSuggestionsRepository } from './modules/suggestions/suggestions.repository';
import { createSuggestionsService } from './modules/suggestions/suggestions.service';
import type { ProfileName } from './modules/tenants/profile-names';
import { workspaceGrantLinks } from './modules/workspaces/workspaces.links';

/**
 * Writing with other people (docs/SHARING.md "People", docs/COLLABORATION.md): the one grant
 * resolver, read per request, and what goes through it — comments, suggestions and presence. Part
 * of the composition root (services.ts): the comments' repository and the names are made there,
 * as the files service's exports read them too.
 */
export function createPeopleServices({
  db,
  config,
  filesPort,
  notifications,
  commentsRepository,
  profileNames,
  newId,
  now,
}: {
  db: Db;
  config: Config;
  filesPort: FilesPort;
  notifications: NotificationHub | null;
  commentsRepository: CommentsRepository;
  profileNames: (tenantIds: readonly string[]) => Promise<Map<string, ProfileName>>;
  newId: () => string;
  now: () => Date;
}) {
  const mailer = config.mail ? createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from }) : null;
  const documentName = async ({ tenantId, fileId }: { tenantId: string; fileId: string }) =>
    (await filesPort.namesOf({ tenantId, fileIds: [fileId] })).get(fileId) ?? null;
  const grants = createGrantsService({
    repository: createGrantsRepository({ db, workspaces: workspaceGrantLinks }),
    names: profileNames,
    documentName,
    mailer,
    publicUrl: config.publicUrl,
    // Presence is made below (it asks this resolver): bound when it exists.
    onRemoved: async ({ fileId, granteeTenantId }) => presence.revoke(fileId, granteeTenantId),
    now,
  });
  // Comments beside the documents, reached through the same grant resolver (docs/COLLABORATION.md "Comments").
  const comments = createCommentsService({
    repository: commentsRepository,
    access: grants.resolve,
    participants: grants.participants,
    names: profileNames,
    documentName,
    mailer,
    publicUrl: config.publicUrl,
    newId,
    now,
  });
  // Who else has a document open, heard across processes on the hub (docs/COLLABORATION.md "Presence").
  const presence = createPresenceService({
    revisionIfOpenable: async (caller, fileId) => {
      const { ownerTenantId } = await grants.resolve({ tenantId: caller.tenantId, fileId, need: 'read' });
      return filesPort.revisionOf({ tenantId: ownerTenantId, fileId });
    },
    hub: notifications,
  });
  // A Commenter's suggested edits beside the document (docs/COLLABORATION.md "Suggestions").
  const suggestions = createSuggestionsService({ repository: createSuggestionsRepository({ db }), access: grants.resolve, names: profileNames, newId, now });
  return { grants, comments, presence, suggestions };
}
