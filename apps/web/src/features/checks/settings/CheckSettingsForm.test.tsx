import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DEFAULT_CHECK_SETTINGS, type CheckSettings } from '@bree/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckSettingsForm } from './CheckSettingsForm';
import { useCheckSettings } from './useCheckSettings';

vi.mock('./useCheckSettings', () => ({ useCheckSettings: vi.fn() }));

const save = vi.fn((_next: CheckSettings) => Promise.resolve());

function show(settings: CheckSettings = DEFAULT_CHECK_SETTINGS) {
  vi.mocked(useCheckSettings).mockReturnValue({ settings, save, loading: false });
  render(<CheckSettingsForm />);
}

beforeEach(() => save.mockClear());
afterEach(cleanup);

describe('CheckSettingsForm', () => {
  it('shows a switch per rule, grouped Style / Your voice / AI, on unless switched off', () => {
    show({ ...DEFAULT_CHECK_SETTINGS, disabledRules: ['passive-voice'] });
    const group = (name: string) => within(screen.getByRole('group', { name }));
    expect(group('Style').getAllByRole('switch')).toHaveLength(9);
    expect(
      group('Your voice')
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-checked')),
    ).toEqual(['true']);
    expect(group('AI').getAllByRole('switch')).toHaveLength(4);
    expect(screen.getByRole('switch', { name: 'Passive voice' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Clichés' }).getAttribute('aria-checked')).toBe('true');
  });

  it('saves a rule switched off and on again', () => {
    show({ ...DEFAULT_CHECK_SETTINGS, disabledRules: ['passive-voice'] });
    fireEvent.click(screen.getByRole('switch', { name: 'Tone drift' }));
    expect(save).toHaveBeenLastCalledWith({ ...DEFAULT_CHECK_SETTINGS, disabledRules: ['passive-voice', 'tone-drift'] });
    fireEvent.click(screen.getByRole('switch', { name: 'Passive voice' }));
    expect(save).toHaveBeenLastCalledWith({ ...DEFAULT_CHECK_SETTINGS, disabledRules: [] });
  });

  it('saves the long-sentence limit only when it is a whole number from 10 to 200', () => {
    show();
    const limit = screen.getByLabelText('A sentence is long past this many words');
    for (const bad of ['9', '201', '12.5', '']) {
      fireEvent.change(limit, { target: { value: bad } });
      fireEvent.blur(limit);
      expect(limit.getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getByText('Enter a whole number from 10 to 200.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(limit, { target: { value: '22' } });
    fireEvent.submit(limit);
    expect(save).toHaveBeenLastCalledWith({ ...DEFAULT_CHECK_SETTINGS, longSentenceWords: 22 });
  });

  it('adds the author’s own cliché once, tidied, and removes it', () => {
    show({ ...DEFAULT_CHECK_SETTINGS, extraCliches: ['at the end of the day'] });
    const field = screen.getByRole('textbox', { name: 'Your own clichés' });
    fireEvent.change(field, { target: { value: '  At the END of   the day ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('That phrase is already on your list.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('A phrase is 2 to 80 characters long.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '  low-hanging   fruit ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(save).toHaveBeenLastCalledWith({ ...DEFAULT_CHECK_SETTINGS, extraCliches: ['at the end of the day', 'low-hanging fruit'] });
    expect((field as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Remove “at the end of the day”' }));
    expect(save).toHaveBeenLastCalledWith({ ...DEFAULT_CHECK_SETTINGS, extraCliches: [] });
  });
});
