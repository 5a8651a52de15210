import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, Input, SkipLink, Spinner } from './index';

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
});
