import { describe, expect, it } from 'vitest';
import { versionAuthorshipLabel } from './versionAuthorship';

describe("a version's authorship in the history list", () => {
  it("names the AI's share, or says the writer wrote it all", () => {
    expect(versionAuthorshipLabel({ textChars: 100, aiChars: 18 })).toBe('AI-assisted 18 %');
    expect(versionAuthorshipLabel({ textChars: 40, aiChars: 40 })).toBe('AI-assisted 100 %');
    expect(versionAuthorshipLabel({ textChars: 40, aiChars: 0 })).toBe('Written by you');
  });

  it('shows nothing for a version without figures or without text', () => {
    expect(versionAuthorshipLabel(undefined)).toBeNull();
    expect(versionAuthorshipLabel(null)).toBeNull();
    expect(versionAuthorshipLabel({ textChars: 0, aiChars: 0 })).toBeNull();
  });
});
