import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TestRouter } from '../../app/testRouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BudgetRefusalNotice } from './BudgetRefusalNotice';
import { LOCAL_REFUSAL } from './refusal';

afterEach(cleanup);

describe('BudgetRefusalNotice', () => {
  it('says what ran out and runs the action on the other tier with one click', () => {
    const onSwitch = vi.fn();
    const refusal = {
      title: 'Premium calls for this month are used up — Fast still has 50 left',
      detail: null,
      action: { kind: 'switch' as const, tier: 'fast' as const, label: 'Switch to Fast' },
    };
    render(<BudgetRefusalNotice refusal={refusal} onSwitch={onSwitch} />, { wrapper: TestRouter });
    expect(screen.getByRole('alert').textContent).toContain('Premium calls for this month are used up — Fast still has 50 left');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to Fast' }));
    expect(onSwitch).toHaveBeenCalledWith('fast');
  });

  it('links a spent credit to the plans', () => {
    render(<BudgetRefusalNotice refusal={LOCAL_REFUSAL} />, { wrapper: TestRouter });
    expect(screen.getByRole('alert').textContent).toContain('Your credit is used up');
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/subscription');
  });
});
