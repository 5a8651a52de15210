import type { DocumentAccessRole, DocumentRole } from '@bree/contracts';

/** Each role as the owner and the invitee read it, with what it lets a person do. */
export const ROLE_LABELS: Record<DocumentAccessRole, string> = { owner: 'Owner', viewer: 'Viewer', commenter: 'Commenter', editor: 'Editor' };

export const ROLE_HINTS: Record<DocumentRole, string> = {
  viewer: 'can read',
  commenter: 'can read and comment',
  editor: 'can read and edit',
};

/** The words the people features show, in one place. */
export const PEOPLE_TEXT = {
  heading: 'People',
  intro: 'Invite someone by e-mail to read, comment on or edit this document. Only you can share, delete it or restore its versions.',
  invited: (email: string) => `Invitation sent to ${email}.`,
  linkReady: (email: string) => `Bree cannot send e-mail here: send this link to ${email} yourself. It works once, for 7 days.`,
  inviteFailed: 'The invitation could not be made. Try again.',
  changeFailed: 'That change could not be saved. Try again.',
  removed: (name: string) => `${name} no longer has access.`,
  nobody: 'Nobody else has access yet.',
  wholeWorkspace: 'The whole workspace: every variant too, now and later',
  workspaceScope: 'Whole workspace',
  throughWorkspace: 'Through the workspace: change it on the master',
  sharedWithMe: 'Shared with me',
  sharedBy: (owner: string) => `Shared by ${owner}`,
  accessLost: 'You no longer have access to this document.',
  unsavedOnRoleLoss: (role: string) => `You are now a ${role} of this document: your last changes were not saved. Copy them to keep them.`,
  readOnly: (role: string) => `You can read this document (${role}). Only its owner or an Editor can change it.`,
  commentOnly:
    'You can comment and suggest edits (Commenter): select text, then choose Comment; or type, and your changes go to the owner as suggestions to accept or reject.',
  accepting: 'Opening the invitation…',
} as const;
