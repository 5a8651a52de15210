import { ERROR_CODES, isErrorCode, OPERATION_TYPES } from '@bree/contracts';
import { describe, expect, it } from 'vitest';
import { aiErrors, OPERATION_ERROR_CODES } from '../modules/ai/ai.errors';
import { adminErrors } from '../modules/admin/admin.errors';
import { billingErrors } from '../modules/billing/billing.errors';
import { chatErrors } from '../modules/chat/chat.errors';
import { checksAiErrors } from '../modules/checks/checks-ai.errors';
import { feedbackErrors } from '../modules/feedback/feedback.errors';
import { imagesErrors } from '../modules/images/images.errors';
import { publishingErrors } from '../modules/publishing/publishing.errors';
import { replaysErrors } from '../modules/replays/replays.errors';
import { searchErrors } from '../modules/search/search.errors';
import { sharesErrors } from '../modules/shares/shares.errors';
import { transcriptionErrors } from '../modules/transcription/transcription.errors';
import { workspacesErrors } from '../modules/workspaces/workspaces.errors';
import { filesErrors } from '../modules/files/files.errors';
import { usageErrors } from '../modules/usage/usage.errors';
import { versionsErrors } from '../modules/versions/versions.errors';
import { voiceErrors } from '../modules/voice/voice.errors';
import { toErrorAnswer } from '../plugins/errors';
import { commonErrors, type AppError } from './errors';

type Factories = Record<string, (...args: never[]) => AppError>;

/**
 * One call of each factory of a module whose factories take only names and numbers: the code each
 * sends is what the list must hold, whatever the words around it.
 */
function callEach(factories: Factories): { factories: Factories; calls: Record<string, () => AppError> } {
  const call = (factory: (...args: never[]) => AppError) => () => (factory as (...args: unknown[]) => AppError)('sample', 1);
  return { factories, calls: Object.fromEntries(Object.entries(factories).map(([name, factory]) => [name, call(factory)])) };
}

/**
 * One call of every factory. A factory added without a call here fails the first test, so no
 * module can start sending a code this list has not seen.
 */
const CALLS: Record<string, { factories: Factories; calls: Record<string, () => AppError> }> = {
  common: {
    factories: commonErrors,
    calls: {
      unauthorized: () => commonErrors.unauthorized(),
      invalidToken: () => commonErrors.invalidToken(),
      tenantMismatch: () => commonErrors.tenantMismatch(),
      forbidden: () => commonErrors.forbidden(),
      notFound: () => commonErrors.notFound(),
      invalidText: () => commonErrors.invalidText('content'),
      bodyTooDeep: () => commonErrors.bodyTooDeep(128),
      rateLimited: () => commonErrors.rateLimited(3, 'Slow down.'),
      unavailable: () => commonErrors.unavailable('identity_unavailable', 'Try again.'),
    },
  },
  files: {
    factories: filesErrors,
    calls: {
      notFound: () => filesErrors.notFound('with id x'),
      folderDelete: () => filesErrors.folderDelete(),
      pathExists: () => filesErrors.pathExists('a.txt'),
      notEmpty: () => filesErrors.notEmpty(),
      invalidPath: () => filesErrors.invalidPath('empty'),
      invalidCursor: () => filesErrors.invalidCursor(),
      revisionConflict: () => filesErrors.revisionConflict({ currentRevision: 2, content: null, lastModified: new Date(0).toISOString() }),
      invalidContent: () => filesErrors.invalidContent('document_too_deep', 'Too deep.'),
      documentTooLarge: () => filesErrors.documentTooLarge(5 * 1024 * 1024),
    },
  },
  versions: { factories: versionsErrors, calls: { notFound: () => versionsErrors.notFound(), nameInvalid: () => versionsErrors.nameInvalid() } },
  voice: { factories: voiceErrors, calls: { noSamples: () => voiceErrors.noSamples() } },
  usage: {
    factories: usageErrors,
    calls: {
      budgetExceeded: () => usageErrors.budgetExceeded(),
      paygOff: () => usageErrors.paygOff({ tier: 'premium', ranOut: 'credit' }),
      voiceMinutesExceeded: () => usageErrors.voiceMinutesExceeded(),
    },
  },
  ai: {
    factories: aiErrors,
    calls: {
      notConfigured: () => aiErrors.notConfigured(),
      invalidInput: () => aiErrors.invalidInput('No selection.'),
      instructionRequired: () => aiErrors.instructionRequired(),
      operationNotFound: () => aiErrors.operationNotFound(),
      documentNotFound: () => aiErrors.documentNotFound(),
      operationFailed: () => aiErrors.operationFailed({ operationType: 'rewrite', reason: 'the provider failed.' }),
    },
  },
  admin: callEach(adminErrors),
  billing: callEach(billingErrors),
  chat: callEach(chatErrors),
  checksAi: callEach(checksAiErrors),
  search: callEach(searchErrors),
  feedback: callEach(feedbackErrors),
  images: callEach(imagesErrors),
  publishing: callEach(publishingErrors),
  replays: callEach(replaysErrors),
  shares: callEach(sharesErrors),
  transcription: callEach(transcriptionErrors),
  workspaces: callEach(workspacesErrors),
};

describe('error codes are one list', () => {
  it('has a call here for every error factory of every module', () => {
    for (const { factories, calls } of Object.values(CALLS)) expect(Object.keys(calls).sort()).toEqual(Object.keys(factories).sort());
  });

  it('sends only listed codes from the module factories', () => {
    const sent = Object.values(CALLS).flatMap(({ calls }) => Object.values(calls).map((call) => call().code));
    expect(sent.filter((code) => !isErrorCode(code))).toEqual([]);
    expect(sent).toEqual(expect.arrayContaining([ERROR_CODES.revisionConflict, ERROR_CODES.budgetExceeded, ERROR_CODES.aiNotConfigured]));
  });

  it('lists the failure code of every AI operation type', () => {
    for (const type of OPERATION_TYPES) expect(isErrorCode(OPERATION_ERROR_CODES[type])).toBe(true);
  });

  it('answers framework failures (bad JSON, too large, wrong media type, other 4xx, crashes) with listed codes', () => {
    const thrown = [
      Object.assign(new Error('bad json'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 }),
      Object.assign(new Error('empty'), { code: 'FST_ERR_CTP_EMPTY_JSON_BODY', statusCode: 400 }),
      Object.assign(new Error('big'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }),
      Object.assign(new Error('type'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }),
      Object.assign(new Error('length'), { code: 'FST_ERR_CTP_INVALID_CONTENT_LENGTH', statusCode: 400 }),
      Object.assign(new SyntaxError('Unexpected token'), { statusCode: 400 }),
      Object.assign(new Error('method'), { statusCode: 405 }),
      new Error('a bug'),
    ];
    const codes = thrown.map((error) => toErrorAnswer(error).code);
    expect(codes).toEqual([
      'invalid_json',
      'invalid_json',
      'payload_too_large',
      'unsupported_media_type',
      'invalid_request',
      'invalid_json',
      'bad_request',
      'internal_error',
    ]);
    expect(codes.every(isErrorCode)).toBe(true);
  });

  it('knows nothing outside the list', () => {
    expect(isErrorCode('file_not_found')).toBe(true);
    expect(isErrorCode('http_404')).toBe(false);
    expect(isErrorCode('revision-conflict')).toBe(false);
  });
});
