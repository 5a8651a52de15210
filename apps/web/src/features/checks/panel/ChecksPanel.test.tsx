import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ReactModule from 'react';
import { Editor } from '@tiptap/core';
import { QueryClient } from '@tanstack/react-query';
import { BlockIds, breeExtensions } from '@bree/editor';
import { DEFAULT_CHECK_SETTINGS } from '@bree/contracts';
import type { CheckSettings } from '@bree/contracts';
import { ServicesProvider } from '../../../app/services';
import type { Services } from '../../../app/services';
import { ChecksPanel } from './ChecksPanel';

const saved = vi.hoisted(() => ({ settings: [] as unknown[] }));

vi.mock('../settings/useCheckSettings', async () => {
  const { useState } = await vi.importActual<typeof ReactModule>('react');
  return {
    useCheckSettings: () => {
      const [settings, setSettings] = useState<CheckSettings>(DEFAULT_CHECK_SETTINGS);
      return {
        settings,
        loading: false,
        save: (next: CheckSettings) => {
          saved.settings.push(next);
          setSettings(next);
          return Promise.resolve();
        },
      };
    },
  };
});
vi.mock('../settings/useIgnoredFindings', async () => {
  const { useState } = await vi.importActual<typeof ReactModule>('react');
  return {
    useIgnoredFindings: () => {
      const [ignored, setIgnored] = useState<Set<string>>(new Set());
      return { ignored, ignore: (id: string) => Promise.resolve(setIgnored((s) => new Set(s).add(id))), unignore: () => Promise.resolve() };
    },
  };
});
vi.mock('../voice/useVoiceNorm', () => ({ useVoiceNorm: () => ({ profile: null, loading: false }) }));
vi.mock('../../assistant/aiAvailability', async () => ({
  ...(await vi.importActual<object>('../../assistant/aiAvailability')),
  useAiAvailability: () => ({ known: true, available: true, tiers: null, setup: [] }),
}));

const CLICHE = 'At the end of the day the harbour was quiet.';
const PASSIVE = 'The letter was written by the mayor.';
let editor: Editor;

beforeEach(() => {
  saved.settings = [];
  const element = document.createElement('div');
  document.body.append(element);
  const paragraph = (id: string, text: string) => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] });
  editor = new Editor({
    element,
    extensions: [...breeExtensions(), BlockIds],
    content: { type: 'doc', content: [paragraph('p1', CLICHE), paragraph('p2', PASSIVE)] },
  });
});
afterEach(() => {
  cleanup();
  editor.destroy();
});

function renderPanel() {
  const onAssistant = vi.fn();
  const services = { api: {}, queryClient: new QueryClient() } as unknown as Services;
  render(
    <ServicesProvider services={services}>
      <ChecksPanel editor={editor} fileId="file-1" onAssistant={onAssistant} />
    </ServicesProvider>,
  );
  return onAssistant;
}

const item = (rule: string) => document.querySelector<HTMLElement>(`[data-testid="check-finding"][data-rule="${rule}"]`);

describe('the Checks panel', () => {
  it('lists the local findings by kind and draws them in the text', async () => {
    renderPanel();
    // While the local checks run, the AI group does not pretend to check: the AI runs only when asked.
    const aiGroup = () => screen.getByRole('region', { name: /^AI \(/ }).textContent;
    expect(aiGroup()).toContain('Not run yet.');
    expect(aiGroup()).not.toContain('Checking…');
    await screen.findAllByTestId('check-finding');
    expect(aiGroup()).toContain('Not run yet.');
    expect(item('cliche')?.textContent).toContain('At the end of the day');
    expect(item('passive-voice')).not.toBeNull();
    expect(screen.getByTestId('checks-summary').textContent).toMatch(/Style 2 · Your voice 0 · AI 0/);
    expect([...editor.view.dom.querySelectorAll('.bree-check-local')].map((el) => el.textContent)).toEqual(['At the end of the day', 'was written']);
    // No analysed voice: the voice group says how to get one.
    expect(screen.getByText(/Analyze your voice/)).toBeTruthy();
  });

  it('clears a finding the moment its words change, before the checks run again', async () => {
    renderPanel();
    await screen.findAllByTestId('check-finding');
    const at = CLICHE.indexOf('end');
    act(() => {
      editor.view.dispatch(editor.state.tr.insertText('close', 1 + at, 1 + at + 3));
    });
    expect(item('cliche')).toBeNull();
    expect(editor.view.dom.querySelectorAll('.bree-check-local')).toHaveLength(1);
  });

  it('Ignore and Ignore this rule take a finding out of the list and the text; Rewrite in my voice asks the assistant about its sentence', async () => {
    const onAssistant = renderPanel();
    await screen.findAllByTestId('check-finding');
    fireEvent.click(within(item('cliche')!).getByRole('button', { name: 'Ignore' }));
    expect(await vi.waitFor(() => (item('cliche') === null ? true : Promise.reject(new Error('still listed'))))).toBe(true);
    fireEvent.click(within(item('passive-voice')!).getByRole('button', { name: 'Rewrite in my voice' }));
    expect(onAssistant).toHaveBeenCalledWith('modify', expect.stringMatching(/^Rewrite this sentence in my voice; fix: Passive voice/));
    const { from, to } = editor.state.selection;
    expect(editor.state.doc.textBetween(from, to)).toBe(PASSIVE);
    fireEvent.click(within(item('passive-voice')!).getByRole('button', { name: 'Ignore this rule' }));
    expect(saved.settings).toEqual([{ ...DEFAULT_CHECK_SETTINGS, disabledRules: ['passive-voice'] }]);
    await vi.waitFor(() => (item('passive-voice') === null ? undefined : Promise.reject(new Error('still listed'))));
    expect(editor.view.dom.querySelectorAll('.bree-check')).toHaveLength(0);
  });
});
