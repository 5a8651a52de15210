import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, Dialog, DialogActions, Input, SkipLink, Spinner, Switch } from './index';

afterEach(cleanup);

describe('design system', () => {
  it('links an input to its label and error text', () => {
    render(<Input label="Document Name" error="Please enter a document name" />);
    const input = screen.getByRole('textbox', { name: 'Document Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Please enter a document name');
  });

  it('marks a loading button busy and disabled, and never submits forms by default', () => {
    render(<Button loading>Create</Button>);
    const button = screen.getByRole('button', { name: /Create/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.type).toBe('button');
  });

  it('gives the spinner a status role with a label', () => {
    render(<Spinner label="Loading Bree" />);
    expect(screen.getByRole('status', { name: 'Loading Bree' })).toBeTruthy();
  });

  it('moves focus to its target with a skip link, without changing the URL', () => {
    render(
      <>
        <SkipLink targetId="main-content">Skip to main content</SkipLink>
        <main id="main-content" tabIndex={-1} />
      </>,
    );
    const before = window.location.href;
    fireEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(document.activeElement?.id).toBe('main-content');
    expect(window.location.href).toBe(before);
  });

  it('describes a switch with the line under its label, when it has one', () => {
    render(<Switch label="Show readers how much AI wrote" description="Readers see a line." checked={false} onChange={() => undefined} />);
    const toggle = screen.getByRole('switch', { name: 'Show readers how much AI wrote' });
    expect(document.getElementById(toggle.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Readers see a line.');
    cleanup();
    render(<Switch label="Plain" checked onChange={() => undefined} />);
    expect(screen.getByRole('switch', { name: 'Plain' }).hasAttribute('aria-describedby')).toBe(false);
  });

  it('places a dialog in what the keyboard leaves of the screen, its actions last in the scrolling body', () => {
    // A 667 px phone whose keyboard covers 300 px of it.
    const viewport = Object.assign(new EventTarget(), { height: 367, offsetTop: 0 });
    vi.stubGlobal('visualViewport', viewport);
    vi.stubGlobal('innerHeight', 667);
    try {
      render(
        <Dialog open title="Paste" variant="sheet">
          <p>Fields</p>
          <DialogActions>
            <Button>Create</Button>
          </DialogActions>
        </Dialog>,
      );
      const sheet = screen.getByRole('dialog', { name: 'Paste' });
      expect(sheet.style.bottom).toBe('300px');
      expect(sheet.style.maxHeight).toBe(`${Math.round(367 * 0.85)}px`);
      const body = sheet.querySelector('[data-dialog-body]');
      expect(body?.contains(screen.getByRole('button', { name: 'Create' }))).toBe(true);
      expect(screen.getByRole('button', { name: 'Create' }).closest('[data-dialog-actions]')?.className).toContain('sticky');
      cleanup();
      render(<Dialog open title="Centred" />);
      const centred = screen.getByRole('dialog', { name: 'Centred' });
      expect(centred.style.top).toBe(`${367 / 2}px`);
      expect(centred.style.maxHeight).toBe(`${Math.round(367 * 0.9)}px`);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
