import { describe, expect, it } from 'vitest';
import { mobileTitle } from './mobileTitle';

const variant = { isMaster: false, masterFileId: 'm1', variantLabel: 'Shrinkify' };

describe('mobileTitle', () => {
  it('names a variant by its label over whose variant it is', () => {
    expect(mobileTitle({ displayName: 'Harbour notes (Shrinkify)', metadata: variant, masterName: 'Harbour notes' })).toEqual({
      title: 'Shrinkify',
      subtitle: 'Variant of Harbour notes',
      kind: 'variant',
    });
  });

  it('says Variant before the master is known, and falls back to the file name without a label', () => {
    expect(mobileTitle({ displayName: 'Harbour notes (Vary)', metadata: variant, masterName: null }).subtitle).toBe('Variant');
    expect(mobileTitle({ displayName: 'Harbour notes (Vary)', metadata: { ...variant, variantLabel: '  ' }, masterName: null }).title).toBe(
      'Harbour notes (Vary)',
    );
  });

  it('marks a master, and leaves a plain document (or one still loading) as it is', () => {
    const master = mobileTitle({
      displayName: 'Harbour notes',
      metadata: { isMaster: true, masterFileId: null, variantLabel: null },
      masterName: 'Harbour notes',
    });
    expect(master).toEqual({ title: 'Harbour notes', subtitle: 'Workspace master', kind: 'master' });
    const plain = mobileTitle({ displayName: 'Harbour notes', metadata: { isMaster: false, masterFileId: null, variantLabel: null }, masterName: null });
    expect(plain).toEqual({ title: 'Harbour notes', subtitle: null, kind: 'document' });
    expect(mobileTitle({ displayName: 'Harbour notes', metadata: undefined, masterName: null }).kind).toBe('document');
    // A master and its variant never read the same.
    const v = mobileTitle({ displayName: 'Harbour notes (Shrinkify)', metadata: variant, masterName: 'Harbour notes' });
    expect(`${v.title} ${v.subtitle}`).not.toBe(`${master.title} ${master.subtitle}`);
  });
});
