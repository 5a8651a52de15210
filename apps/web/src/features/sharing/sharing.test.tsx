import { cleanup, render, screen } from '@testing-library/react';
import { TestRouter } from '../../app/testRouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchSharedDocument } from './api';
import { DocumentView } from './DocumentView';
import { SharedDocumentPage } from './SharedDocumentPage';

const answer = (status: number, body: unknown) =>
  (async () => new Response(body === undefined ? 'not json' : JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("the reader's messages for a shared link", () => {
  it("shows the server's message for a refused link", async () => {
    const result = await fetchSharedDocument('x', answer(404, { error: { code: 'share_not_found', message: 'Document not found or sharing disabled' } }));
    expect(result).toEqual({ ok: false, message: 'Document not found or sharing disabled' });
    const limited = await fetchSharedDocument('x', answer(429, { error: { code: 'rate_limited', message: 'Too many requests.' } }));
    expect(limited).toEqual({ ok: false, message: 'Too many requests.' });
  });

  it('says the not-found sentence for a 404 without a message, and the catch-all for anything else', async () => {
    expect(await fetchSharedDocument('x', answer(404, undefined))).toEqual({ ok: false, message: 'Document not found or sharing disabled' });
    const catchAll = 'Failed to load document. It may not exist or sharing may have been disabled.';
    expect(await fetchSharedDocument('x', answer(502, undefined))).toEqual({ ok: false, message: catchAll });
    expect(await fetchSharedDocument('x', answer(200, { success: true }))).toEqual({ ok: false, message: catchAll });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await fetchSharedDocument('x', offline)).toEqual({ ok: false, message: catchAll });
  });
});

describe('the shared document view', () => {
  it('shows hostile text as text and drops links that are not http, https or mailto', () => {
    const content = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: '<img src=x onerror=alert(1)><script>alert(2)</script>' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'good', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://example.com/' } }] }] },
        { type: 'heading', attrs: { level: 9 }, content: [{ type: 'text', text: 'Clamped' }] },
      ],
    };
    const { container } = render(<DocumentView content={content} />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)><script>alert(2)</script>');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['good', 'https://example.com/', 'noopener noreferrer nofollow'],
    ]);
    expect(container.querySelector('strong a, a strong')).not.toBeNull();
    expect(container.querySelector('h6')?.textContent).toBe('Clamped');
  });
});

describe("the shared page's AI share", () => {
  const shared = (authorship?: { textChars: number; aiChars: number }) => ({
    success: true,
    message: 'ok',
    data: {
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The heron waited.' }] }] },
      metadata: { title: 'Heron', lastModified: '2026-01-02T03:04:05.000Z', wordCount: 3, authenticity: 'AI-Assisted', ...(authorship ? { authorship } : {}) },
      shareInfo: { createdAt: '2026-01-02T03:04:05.000Z' },
    },
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the line beside the tag when the author chose to show it, and nothing otherwise', async () => {
    vi.stubGlobal('fetch', answer(200, shared({ textChars: 100, aiChars: 20 })));
    render(
      <TestRouter>
        <SharedDocumentPage slug="abc" />
      </TestRouter>,
    );
    expect((await screen.findByTestId('shared-authorship')).textContent).toBe('Written by you: 80 % · AI-assisted: 20 %');
    cleanup();

    vi.stubGlobal('fetch', answer(200, shared()));
    render(
      <TestRouter>
        <SharedDocumentPage slug="abc" />
      </TestRouter>,
    );
    expect(await screen.findByText('The heron waited.')).toBeTruthy();
    expect(screen.queryByTestId('shared-authorship')).toBeNull();
  });
});
