import type { BackgroundResponse, VoiceProfileAnswer } from '@bree/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../app/services';
import type { Services } from '../../app/services';
import type { ApiClient } from '../../lib/api';
import { AlternativesPanel } from './AlternativesPanel';
import { alternativesReducer, startingAlternatives, type AlternativesEvent } from './alternatives';
import type { AssistantApi, Suggestion } from './useAssistant';

afterEach(cleanup);
// Test files share one page (isolate: false): an editor another file left focused would keep the
// focus these tests expect to find on the page itself.
beforeEach(() => {
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
});

const idle: VoiceProfileAnswer = { status: 'idle', stats: null, styleGuide: '', userNotes: '', sampleCount: 0, sampleWords: 0, analyzedAt: null, error: null };
const version = (operationId: string, text: string) => ({ operationId, response: { operationId } as unknown as BackgroundResponse, paragraphs: [text] });

function renderPanel(events: AlternativesEvent[], isMobile = false) {
  const alternatives = events.reduce(alternativesReducer, startingAlternatives({ runId: 'r', count: 3 }));
  const suggestion = { original: 'rough words', alternatives } as unknown as Suggestion;
  const assistant = { chooseAlternative: vi.fn(() => Promise.resolve()), reject: vi.fn() } as unknown as AssistantApi & {
    chooseAlternative: ReturnType<typeof vi.fn>;
    reject: ReturnType<typeof vi.fn>;
  };
  const api = { get: () => Promise.resolve(idle) } as unknown as ApiClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ServicesProvider services={{ api, queryClient } as unknown as Services}>
      <QueryClientProvider client={queryClient}>
        <AlternativesPanel assistant={assistant} suggestion={suggestion} isMobile={isMobile} />
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return assistant;
}

describe('the three cards', () => {
  it('stream each its own text; only a finished card can be chosen, and says so to a screen reader', () => {
    renderPanel([
      { type: 'started', operationIds: ['a', 'b', 'c'] },
      { type: 'streamed', index: 0, text: 'The first' },
      { type: 'arrived', index: 1, version: version('b', 'The second, whole.') },
    ]);
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Version 1', 'Version 2', 'Version 3']);
    expect(within(cards[0]!).getByTestId('ai-alternative-text').textContent).toBe('The first');
    expect(cards[0]!.getAttribute('aria-busy')).toBe('true');
    expect(within(cards[0]!).queryByRole('button')).toBeNull();
    const use = within(cards[1]!).getByRole('button', { name: 'Use this version' });
    expect(use.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(use.getAttribute('aria-describedby')!)?.textContent).toBe('Version 2');
    expect(screen.getByRole('status').textContent).toContain('Writing 2 versions');
    // The button that opened them is gone: focus (left on the page) comes to the cards' heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '3 versions' }));
  });

  it("choose by 'Use this version' or 'Show in text', and Reject discards them all", () => {
    const assistant = renderPanel([
      { type: 'started', operationIds: ['a', 'b', 'c'] },
      ...[0, 1, 2].map((index): AlternativesEvent => ({ type: 'arrived', index, version: version(['a', 'b', 'c'][index]!, `Text ${index}.`) })),
    ]);
    expect(screen.getByRole('status').textContent).toBe('Choose one');
    const [, second, third] = screen.getAllByRole('listitem');
    fireEvent.click(within(second!).getByRole('button', { name: 'Use this version' }));
    expect(assistant.chooseAlternative).toHaveBeenCalledWith(1, 'use');
    fireEvent.click(within(third!).getByRole('button', { name: 'Show in text' }));
    expect(assistant.chooseAlternative).toHaveBeenCalledWith(2, 'show');
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(assistant.reject).toHaveBeenCalledTimes(1);
  });

  it("show a failed card's reason while the others stay", () => {
    renderPanel([
      { type: 'started', operationIds: ['a', 'b', 'c'] },
      { type: 'failed', index: 2, error: 'The model failed.' },
      { type: 'arrived', index: 0, version: version('a', 'One.') },
    ]);
    expect(screen.getByRole('alert').textContent).toBe('The model failed.');
    expect(screen.getAllByRole('button', { name: 'Use this version' })).toHaveLength(1);
  });
});
