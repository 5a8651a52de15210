import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { AiConfig } from '@bree/contracts';
import { AI_NOT_SET_UP_ASK, availabilityOf } from './aiAvailability';
import { AiSetupNotice } from './ProviderSettings';

afterEach(cleanup);

const none = { available: false, model: 'gemini-2.5-flash (Google)' };
const config = (over: Partial<AiConfig> = {}): AiConfig => ({ tiers: { fast: none, premium: none }, transcription: none, ...over });
const note = { tier: 'premium' as const, model: 'anthropic:claude', advice: 'set ANTHROPIC_API_KEY, or point AI_PREMIUM_MODEL at a configured provider' };
/** Server settings a writer must never read. */
const OPERATOR_WORDS = /_API_KEY|_MODEL|_URL|ADMIN_EMAILS|README/;

describe('what the Document settings say when AI is not set up', () => {
  it('tells a writer who is not an administrator one plain sentence, with no server setting', () => {
    const { container } = render(<AiSetupNotice ai={availabilityOf(config())} />);
    expect(screen.getByText(AI_NOT_SET_UP_ASK)).toBeTruthy();
    expect(AI_NOT_SET_UP_ASK).toBe('AI is not set up on this server. Ask your administrator.');
    expect(screen.queryByTestId('ai-admin-setup')).toBeNull();
    expect(container.textContent).not.toMatch(OPERATOR_WORDS);
  });

  it('shows an administrator what to set, marked as theirs', () => {
    render(<AiSetupNotice ai={availabilityOf(config({ setup: [note] }))} />);
    expect(screen.getByTestId('ai-admin-setup').textContent).toContain('ANTHROPIC_API_KEY');
    expect(screen.getByTestId('ai-admin-setup').textContent).toContain('shown to administrators only');
  });

  it('says nothing while the answer is unknown (loading, offline, an older server), nor when AI works', () => {
    const unknown = render(<AiSetupNotice ai={availabilityOf(undefined)} />);
    expect(unknown.container.textContent).toBe('');
    unknown.unmount();
    const working = render(<AiSetupNotice ai={availabilityOf(config({ tiers: { fast: { available: true, model: 'm' }, premium: none } }))} />);
    expect(working.container.textContent).toBe('');
  });
});
