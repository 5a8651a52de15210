import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { TestRouter } from '../../app/testRouter';
import type { FileSummary } from '@bree/contracts';
import { DocumentRow } from './DocumentRow';
import { file } from './fileFixture';

afterEach(cleanup);

function renderRow(f: FileSummary) {
  render(
    <TestRouter>
      <ul>
        <DocumentRow file={f} selected={false} now={new Date('2025-06-18T12:00:00Z')} onToggle={vi.fn()} onTag={vi.fn()} onAction={vi.fn()} />
      </ul>
    </TestRouter>,
  );
}

describe('a document row', () => {
  it('links the name without .txt to the editor and labels its controls with the name', () => {
    renderRow({ ...file('01ABC', 'Essay.txt'), metadata: { authenticity: 'AI-Assisted' } });
    expect(screen.getByRole('link', { name: 'Essay' }).getAttribute('href')).toBe('/app/01ABC');
    expect(screen.getByRole('checkbox', { name: 'Select Essay' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tag for Essay: AI-Assisted' }).textContent).toBe('AI+');
    expect(screen.getByRole('button', { name: 'More actions for Essay' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Workspace' })).toBeNull();
  });

  it('marks a workspace master', () => {
    renderRow({ ...file('m', 'Book.txt'), metadata: { isMaster: true } });
    expect(screen.getByRole('img', { name: 'Workspace' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tag for Book: Untagged' }).textContent).toBe('?');
  });

  it('cannot open a file being transcribed and says so', () => {
    renderRow({ ...file('t', 'Interview.txt'), metadata: { isTranscribing: true } });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Transcribing…')).toBeTruthy();
    expect(screen.getByText('Processing audio…')).toBeTruthy();
  });

  it('opens again a document whose mark is older than its 15 minutes (left by a server that stopped)', () => {
    const at = (minutesAgo: number) => new Date(Date.parse('2025-06-18T12:00:00Z') - minutesAgo * 60_000).toISOString();
    renderRow({ ...file('t', 'Recent.txt'), metadata: { isTranscribing: true, transcribingSince: at(14) } });
    expect(screen.getByText('Transcribing…')).toBeTruthy();
    cleanup();
    renderRow({ ...file('s', 'Stale.txt'), metadata: { isTranscribing: true, transcribingSince: at(15) } });
    expect(screen.queryByText('Transcribing…')).toBeNull();
    expect(screen.getByRole('link')).toBeTruthy();
  });

  it('shows when another document has a name that looks the same', () => {
    renderRow({ ...file('c', 'R\u0435\u0440\u043Ert.txt'), similarNameTo: { fileId: 'l', displayName: 'Report', filePath: 'Report.txt' } });
    expect(screen.getByText('Similar name: Report · this name has Cyrillic letters')).toBeTruthy();
  });

  it('shows no hint for a name like no other', () => {
    renderRow(file('u', 'Unique.txt'));
    expect(screen.queryByText(/Similar name/)).toBeNull();
  });
});
