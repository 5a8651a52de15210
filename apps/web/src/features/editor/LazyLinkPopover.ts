import { lazyPart } from '../../lib/lazy/lazyPart';
import type { LinkPopover as Loaded } from './LinkPopover';

/**
 * The link panels (the address under the caret, and the editor of Ctrl/Cmd+K): fetched just after
 * the editor shows, not before a writer can type (docs/PAGE-WEIGHT.md). A Ctrl/Cmd+K pressed
 * before then opens the panel once it has arrived: the request is the workspace's state.
 */
export const LinkPopover = lazyPart<Parameters<typeof Loaded>[0]>('Link panel', () => import('./LinkPopover').then((m) => m.LinkPopover));
