import { describe, expect, it } from 'vitest';
import { DOCUMENT_TOO_LARGE_MESSAGE, refusedSaveMessage } from './refusals';

describe('refusedSaveMessage', () => {
  it('tells the writer a document over the size limit cannot be saved, and what to do', () => {
    expect(DOCUMENT_TOO_LARGE_MESSAGE).toBe(
      'This document is too large to save: a document can hold up to 5 MB. Remove some text or move part of it into a new document.',
    );
    expect(refusedSaveMessage('document_too_large')).toBe(DOCUMENT_TOO_LARGE_MESSAGE);
    expect(refusedSaveMessage('payload_too_large')).toBe(DOCUMENT_TOO_LARGE_MESSAGE);
  });

  it('has no special message for other refusals', () => {
    expect(refusedSaveMessage('invalid_document')).toBeNull();
    expect(refusedSaveMessage('unauthorized')).toBeNull();
  });
});
