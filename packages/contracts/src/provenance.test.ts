import { describe, expect, it } from 'vitest';
import { AI_GENERATED_SHARE, authorshipLine, authorshipPercent, provenanceAttrsSchema, suggestedAuthenticity } from './provenance';

describe('authorship figures', () => {
  it('shows a text without AI as the writer’s own', () => {
    const figures = { textChars: 1000, aiChars: 0 };
    expect(authorshipPercent(figures)).toEqual({ you: 100, ai: 0 });
    expect(authorshipLine(figures)).toBe('Written by you: 100 % · AI-assisted: 0 %');
    expect(suggestedAuthenticity(figures)).toBe('Human');
  });

  it('never rounds a single AI character down to 0 %, nor the writer’s last one up to 100 %', () => {
    expect(authorshipLine({ textChars: 1000, aiChars: 1 })).toBe('Written by you: 99 % · AI-assisted: 1 %');
    expect(suggestedAuthenticity({ textChars: 1000, aiChars: 1 })).toBe('AI-Assisted');
    expect(authorshipLine({ textChars: 1000, aiChars: 999 })).toBe('Written by you: 1 % · AI-assisted: 99 %');
    expect(authorshipLine({ textChars: 1000, aiChars: 1000 })).toBe('Written by you: 0 % · AI-assisted: 100 %');
  });

  it('rounds to whole percent', () => {
    expect(authorshipPercent({ textChars: 1000, aiChars: 182 })).toEqual({ you: 82, ai: 18 });
    expect(authorshipPercent({ textChars: 3, aiChars: 1 })).toEqual({ you: 67, ai: 33 });
    expect(authorshipPercent({ textChars: 3, aiChars: 2 })).toEqual({ you: 33, ai: 67 });
  });

  it(`suggests 'AI' from ${AI_GENERATED_SHARE} % of AI text on`, () => {
    expect(AI_GENERATED_SHARE).toBe(75);
    expect(suggestedAuthenticity({ textChars: 100, aiChars: 74 })).toBe('AI-Assisted');
    expect(suggestedAuthenticity({ textChars: 100, aiChars: 75 })).toBe('AI');
    expect(suggestedAuthenticity({ textChars: 1000, aiChars: 999 })).toBe('AI');
    expect(suggestedAuthenticity({ textChars: 1000, aiChars: 1000 })).toBe('AI');
  });

  it('has no figures and no suggestion for an empty text', () => {
    const empty = { textChars: 0, aiChars: 0 };
    expect(authorshipPercent(empty)).toBeNull();
    expect(authorshipLine(empty)).toBeNull();
    expect(suggestedAuthenticity(empty)).toBeNull();
  });

  it('caps an AI count larger than the text at 100 %', () => {
    expect(authorshipPercent({ textChars: 10, aiChars: 20 })).toEqual({ you: 0, ai: 100 });
  });

  it('adds up to 100, with an AI share above 0 exactly when there is AI text and below 100 while the writer has any', () => {
    for (let textChars = 1; textChars <= 60; textChars++) {
      for (let aiChars = 0; aiChars <= textChars; aiChars++) {
        const { you, ai } = authorshipPercent({ textChars, aiChars })!;
        const where = `${aiChars}/${textChars}`;
        expect(you + ai, where).toBe(100);
        expect(ai > 0, where).toBe(aiChars > 0);
        expect(ai < 100, where).toBe(aiChars < textChars);
      }
    }
  });
});

describe('provenance attributes', () => {
  const valid = { operationId: 'op_Accept-1', action: 'fill-sentence', tier: 'premium', at: '2026-11-28T04:00:00.000Z' };

  it('accepts whole attributes, with a time in UTC or with an offset', () => {
    expect(provenanceAttrsSchema.safeParse(valid).success).toBe(true);
    for (const action of ['vary', 'threadify', 'chat', 'dictation']) expect(provenanceAttrsSchema.safeParse({ ...valid, action }).success, action).toBe(true);
    expect(provenanceAttrsSchema.safeParse({ ...valid, at: '2026-11-28T05:00:00+01:00' }).success).toBe(true);
  });

  it('rejects a missing, unknown or malformed attribute', () => {
    const { tier: _tier, ...noTier } = valid;
    const bad = [
      noTier,
      { ...valid, action: 'rewrite' },
      { ...valid, action: 'duplicate' },
      { ...valid, tier: 'ultra' },
      { ...valid, at: '2026-11-28' },
      { ...valid, at: 'yesterday' },
      { ...valid, operationId: '' },
      { ...valid, operationId: 'op/1' },
      { ...valid, operationId: 'x'.repeat(101) },
    ];
    for (const attrs of bad) expect(provenanceAttrsSchema.safeParse(attrs).success, JSON.stringify(attrs)).toBe(false);
  });
});
