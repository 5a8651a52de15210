import { beforeEach, describe, expect, it } from 'vitest';
import { isFeatureEnabled, readFeatureFlags, writeFeatureFlag } from './featureFlags';

beforeEach(() => localStorage.clear());

describe('feature flags', () => {
  it('default to new file API on, new search API off, no rollback', () => {
    expect(readFeatureFlags()).toEqual({ newFileApi: true, newSearchApi: false, emergencyRollback: false });
  });
  it('persist a toggle in localStorage', () => {
    writeFeatureFlag('newSearchApi', true);
    expect(readFeatureFlags().newSearchApi).toBe(true);
    expect(JSON.parse(localStorage.getItem('featureFlags') ?? '{}')).toMatchObject({ newSearchApi: true });
  });
  it('emergency rollback switches every new API off', () => {
    const flags = writeFeatureFlag('emergencyRollback', true);
    expect(isFeatureEnabled(flags, 'newFileApi')).toBe(false);
  });
  it('survive garbage in storage', () => {
    localStorage.setItem('featureFlags', '{not json');
    expect(readFeatureFlags().newFileApi).toBe(true);
  });
});
