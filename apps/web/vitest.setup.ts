// Components render dialogs, menus and popovers whose Radix parts load on first use in the app
// (src/ui/lazyRadix.ts); loaded up front here, tests see them in the same render as before.
import { loadRadix } from './src/ui/lazyRadix';

await loadRadix();

// The files of a worker share one page (isolate: false): each starts on an empty body with nothing
// focused, whatever the file before it left there (a portal's list, a focused editor).
document.body.replaceChildren();
if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
