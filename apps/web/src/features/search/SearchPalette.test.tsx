import type { SearchResponse, SearchResult, SearchStatus } from '@bree/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../app/services';
import type { Services } from '../../app/services';
import type { ApiClient } from '../../lib/api';
import { FEATURE_FLAGS_KEY, readFeatureFlags } from '../../lib/featureFlags';
import { SearchPalette } from './SearchPalette';

// jsdom lays nothing out, so it has no scrollIntoView; the palette scrolls the active result into view.
beforeAll(() => {
  Element.prototype.scrollIntoView = () => undefined;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

interface SentSearch {
  path: string;
  body: { query: string; includeDrafts: boolean };
  signal: AbortSignal;
  answer(response: SearchResponse): void;
  fail(): void;
}

const result = (fileId: string, name: string, text: string, highlights: [number, number][], score = 1): SearchResult => ({
  fileId,
  name,
  tag: 'Human',
  contentUpdatedAt: '2026-03-04T10:00:00.000Z',
  isDraft: false,
  score,
  passage: { text, highlights, offset: 0 },
});

/** An API client whose searches wait until the test answers them. */
function fakeApi(status: SearchStatus | null) {
  const sent: SentSearch[] = [];
  const api = {
    post: (path: string, body: SentSearch['body'], options: { signal: AbortSignal }) =>
      new Promise((resolve, reject) => {
        sent.push({ path, body, signal: options.signal, answer: resolve, fail: () => reject(new Error('server error')) });
      }),
    get: () => (status ? Promise.resolve(status) : Promise.reject(new Error('not found'))),
  } as unknown as ApiClient;
  return { api, sent };
}

function renderPalette(api: ApiClient) {
  const onOpenResult = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ServicesProvider services={{ api, queryClient } as unknown as Services}>
      <QueryClientProvider client={queryClient}>
        <SearchPalette tenantId="t1" onOpenResult={onOpenResult} onDismiss={() => undefined} onCloseAutoFocus={() => undefined} />
      </QueryClientProvider>
    </ServicesProvider>,
  );
  const input = screen.getByRole('combobox', { name: 'Search in your documents' });
  return { input, onOpenResult };
}

describe('SearchPalette', () => {
  it('shows only the newest answer, aborting the search it replaced', async () => {
    const { api, sent } = fakeApi(null);
    const { input } = renderPalette(api);
    expect(screen.getByText(/Type a word or phrase/)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'riv' } });
    await waitFor(() => expect(sent).toHaveLength(1));
    fireEvent.change(input, { target: { value: 'river otter' } });
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]!.signal.aborted).toBe(true);
    expect(sent[1]!.path).toBe('/search/text');
    expect(sent[1]!.body).toEqual({ query: 'river otter', includeDrafts: false });
    await act(async () =>
      sent[1]!.answer({
        mode: 'text',
        results: [
          result('f2', 'Field notes', 'saw a river otter', [
            [6, 11],
            [12, 17],
          ]),
        ],
      }),
    );
    await act(async () => sent[0]!.answer({ mode: 'text', results: [result('f1', 'Stale answer', 'riverbank', [[0, 3]])] }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]!.textContent).toContain('Field notes');
    expect(
      within(options[0]!)
        .getAllByText(/river|otter/, { selector: 'mark' })
        .map((m) => m.textContent),
    ).toEqual(['river', 'otter']);
  });

  it('moves through results with wrapping arrows and opens the active one with Enter', async () => {
    const { api, sent } = fakeApi(null);
    const { input, onOpenResult } = renderPalette(api);
    fireEvent.change(input, { target: { value: 'otter' } });
    await waitFor(() => expect(sent).toHaveLength(1));
    const low = result('low', 'Second best', 'otter', [[0, 5]], 0.2);
    const high = result('high', 'Best', 'otter', [[0, 5]], 0.9);
    await act(async () => sent[0]!.answer({ mode: 'text', results: [low, high] }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([expect.stringContaining('Best'), expect.stringContaining('Second best')]);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onOpenResult).toHaveBeenCalledWith(low);
  });

  it('says when nothing matched, and offers Retry after a failure', async () => {
    const { api, sent } = fakeApi(null);
    const { input } = renderPalette(api);
    fireEvent.change(input, { target: { value: 'zebra' } });
    await waitFor(() => expect(sent).toHaveLength(1));
    await act(async () => sent[0]!.fail());
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    await act(async () => sent[1]!.answer({ mode: 'text', results: [] }));
    expect((await screen.findByRole('status')).textContent).toBe('No results for “zebra”.');
  });

  it('sends variants when asked and offers Match meaning only when the server has it, remembering the choice', async () => {
    const { api, sent } = fakeApi({ semantic: { available: true, model: 'm' }, indexed: 120, total: 480, indexing: true });
    const { input } = renderPalette(api);
    expect(await screen.findByText('Indexing 120 of 480 documents')).toBeTruthy();
    expect(screen.queryByText(/drafts?/i)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include variants' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Match meaning' }));
    expect(readFeatureFlags().newSearchApi).toBe(true);
    fireEvent.change(input, { target: { value: 'calm' } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/search/hybrid');
    expect(sent[0]!.body.includeDrafts).toBe(true);
    await act(async () => sent[0]!.answer({ mode: 'hybrid', results: [{ ...result('v1', 'Calm, shorter', 'calm', [[0, 4]]), isDraft: true }] }));
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(within(within(list).getByRole('option')).getByText('Variant')).toBeTruthy();
  });

  it("says 'No close matches' when meaning finds nothing close, and Enter opens nothing", async () => {
    localStorage.setItem(FEATURE_FLAGS_KEY, JSON.stringify({ newSearchApi: true }));
    const { api, sent } = fakeApi({ semantic: { available: true, model: 'm' }, indexed: 3, total: 3, indexing: false });
    const { input, onOpenResult } = renderPalette(api);
    await screen.findByRole('switch', { name: 'Match meaning' });
    fireEvent.change(input, { target: { value: 'gulls argued' } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/search/hybrid');
    await act(async () => sent[0]!.answer({ mode: 'hybrid', results: [] }));
    expect((await screen.findByRole('status')).textContent).toBe('No close matches for “gulls argued”.');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onOpenResult).not.toHaveBeenCalled();
  });

  it('has no Match meaning switch when meaning search is not available', async () => {
    localStorage.setItem(FEATURE_FLAGS_KEY, JSON.stringify({ newSearchApi: true }));
    const { api, sent } = fakeApi({ semantic: { available: false, reason: 'no_model', message: 'x' }, indexed: 0, total: 3, indexing: false });
    const { input } = renderPalette(api);
    fireEvent.change(input, { target: { value: 'calm' } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/search/text');
    expect(screen.queryByRole('switch', { name: 'Match meaning' })).toBeNull();
  });
});
