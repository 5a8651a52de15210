import { describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useOneTimeSearchParam } from './navigation';

/** An action asked for by the address (`/app?new`, `/app?copy={slug}`) happens once, and the address forgets it. */
function Asker({ name, act: onValue }: { name: string; act: (value: string) => void }) {
  useOneTimeSearchParam(name, onValue);
  return null;
}

function at(path: string) {
  const location = memoryLocation({ path, record: true });
  return {
    location,
    wrap: (node: React.ReactNode) => (
      <Router hook={location.hook} searchHook={location.searchHook}>
        {node}
      </Router>
    ),
  };
}

describe('useOneTimeSearchParam', () => {
  it("acts once with the parameter's value and takes it out of the address, keeping the rest", () => {
    const { location, wrap } = at('/app?copy=abc&sort=name');
    const seen = vi.fn();
    const { rerender } = render(wrap(<Asker name="copy" act={seen} />));
    expect(seen).toHaveBeenCalledExactlyOnceWith('abc');
    expect(location.history.at(-1)).toBe('/app?sort=name');
    // The history entry was replaced, not added: Back does not bring the parameter back.
    expect(location.history).toHaveLength(1);
    rerender(wrap(<Asker name="copy" act={seen} />));
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it("gives '' for a bare parameter and does nothing without it", () => {
    const bare = at('/app?new');
    const made = vi.fn();
    render(bare.wrap(<Asker name="new" act={made} />));
    expect(made).toHaveBeenCalledExactlyOnceWith('');

    const none = at('/app');
    const never = vi.fn();
    render(none.wrap(<Asker name="new" act={never} />));
    act(() => none.location.navigate('/app?sort=name'));
    expect(never).not.toHaveBeenCalled();
  });
});
