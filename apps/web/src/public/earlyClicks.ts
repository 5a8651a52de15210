/**
 * Holds the presses on buttons of a server-rendered page that arrive before the page is
 * interactive (a quick reader taps 'Sign in' while its code is still on the way), and presses them
 * again once it is: hydration keeps the very same elements, so the held button gets its handler's
 * click. Links need nothing: they work without any code. Returns the function that lets them go.
 */
export function holdEarlyClicks(container: HTMLElement): () => void {
  const held = new Set<HTMLButtonElement>();
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !container.contains(button) || button.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    held.add(button);
  };
  container.addEventListener('click', hold, true);
  return () => {
    container.removeEventListener('click', hold, true);
    for (const button of held) if (button.isConnected) button.click();
    held.clear();
  };
}
