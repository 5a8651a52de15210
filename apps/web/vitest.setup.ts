// Components render dialogs, menus and popovers whose Radix parts load on first use in the app
// (src/ui/lazyRadix.ts); loaded up front here, tests see them in the same render as before.
import { loadRadix } from './src/ui/lazyRadix';

await loadRadix();
