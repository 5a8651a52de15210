import { WORKSPACES } from '@bree/contracts';
import { AppError } from '../../lib/errors';
import { documentNotFound } from '../files/files.port';

/** Errors of workspaces and variants, each with a stable code; messages are shown after 'Failed to create {action}'. */
export const workspacesErrors = {
  /** The files module's one file_not_found. */
  fileNotFound: () => documentNotFound(),
  masterNotFound: () => documentNotFound({ message: "This variant's master document is in the Trash or was deleted." }),
  variantNotFound: () => new AppError({ status: 404, code: 'variant_not_found', message: 'No variant with this id.' }),
  workspaceRequired: () =>
    new AppError({ status: 409, code: 'workspace_required', message: 'This document is not a workspace yet. Convert it to a workspace first.' }),
  variantNotConvertible: () =>
    new AppError({
      status: 409,
      code: 'variant_not_convertible',
      message: "A variant belongs to its master's workspace and cannot become a workspace itself.",
    }),
  planRequired: () =>
    new AppError({
      status: 402,
      code: 'plan_required',
      message: 'Workspaces and variants come with the Pro plan. Your documents and existing workspaces stay readable.',
    }),
  instructionsTooLong: (length: number) =>
    new AppError({
      status: 400,
      code: 'instructions_too_long',
      message: `Instructions can be at most ${WORKSPACES.maxInstructions} characters (these have ${length}).`,
      details: { max: WORKSPACES.maxInstructions, length },
    }),
  notInWorkspace: () => new AppError({ status: 400, code: 'invalid_input', message: 'The current document is not part of this workspace.' }),
  emptySource: () => new AppError({ status: 400, code: 'invalid_input', message: 'The document is empty. Write something first.' }),
  sourceTooLong: (max: number) =>
    new AppError({
      status: 400,
      code: 'invalid_input',
      message: `The document is too long for a variant (more than ${max.toLocaleString('en-US')} characters).`,
    }),
};
