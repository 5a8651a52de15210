import { beforeEach, describe, expect, it } from 'vitest';
import { getCurrentTenant, resetCurrentTenant, setCurrentTenant } from './tenantStorage';

beforeEach(() => localStorage.clear());

describe('current tenant', () => {
  it('is default-tenant before sign-in', () => {
    expect(getCurrentTenant()).toBe('default-tenant');
  });
  it('is stored under currentTenant', () => {
    setCurrentTenant('sub-1');
    expect(localStorage.getItem('currentTenant')).toBe('sub-1');
    expect(getCurrentTenant()).toBe('sub-1');
  });
  it('goes back to the default on reset', () => {
    setCurrentTenant('sub-1');
    resetCurrentTenant();
    expect(getCurrentTenant()).toBe('default-tenant');
  });
});
