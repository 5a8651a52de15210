import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';

afterEach(cleanup);

/** A fresh copy of the lazy parts, Radix not loaded yet (the test setup loads the shared copy up front). */
async function freshParts() {
  vi.resetModules();
  const popover = await import('./Popover');
  const menu = await import('./Menu');
  const lazy = await import('./lazyRadix');
  return { ...popover, ...menu, loadRadix: lazy.loadRadix };
}

/** The profile menu's shape: a popover behind a button, Radix not loaded yet; answers the button. */
async function profilePopover() {
  const { Popover, loadRadix } = await freshParts();
  render(
    <Popover label="Profile" trigger={<button type="button">Open profile menu</button>}>
      <p>Inside</p>
    </Popover>,
  );
  return { pressed: screen.getByRole('button', { name: 'Open profile menu' }), loadRadix };
}

describe('a lazy trigger', () => {
  it('opens its popover on a press during which Radix arrives: the pressed element stays until the click', async () => {
    const { pressed, loadRadix } = await profilePopover();
    fireEvent.pointerEnter(pressed);
    fireEvent.pointerDown(pressed, { button: 0 });
    await act(() => loadRadix());
    // Radix is here, the pointer still down: the element under it is the one pressed.
    expect(pressed.isConnected).toBe(true);
    fireEvent.pointerUp(pressed, { button: 0 });
    fireEvent.click(pressed);
    expect(await screen.findByRole('dialog', { name: 'Profile' })).toBeTruthy();
  });

  it('becomes the real trigger after a press that ends off it', async () => {
    const { pressed, loadRadix } = await profilePopover();
    fireEvent.pointerDown(pressed, { button: 0 });
    await act(() => loadRadix());
    await act(async () => {
      fireEvent.pointerUp(document.body, { button: 0 });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('button', { name: 'Open profile menu' }).getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('opens its menu when Radix arrives during the press that opened it', async () => {
    const { Menu, MenuItem, loadRadix } = await freshParts();
    render(
      <Menu label="Row" trigger={<button type="button">More actions</button>}>
        <MenuItem>Rename</MenuItem>
      </Menu>,
    );
    const pressed = screen.getByRole('button', { name: 'More actions' });
    fireEvent.pointerDown(pressed, { button: 0 });
    await act(() => loadRadix());
    fireEvent.pointerUp(pressed, { button: 0 });
    fireEvent.click(pressed);
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeTruthy();
  });
});
