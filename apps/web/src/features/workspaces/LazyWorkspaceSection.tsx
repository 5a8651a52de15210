import { lazyPart } from '../../lib/lazy/lazyPart';
import type { WorkspaceSection as Loaded } from './WorkspaceSection';

/**
 * The Document panel's workspace part (convert, variants, the action grid): fetched when the panel
 * first shows, just after the editor (docs/PAGE-WEIGHT.md).
 */
export const WorkspaceSection = lazyPart<Parameters<typeof Loaded>[0]>('Workspace actions', () => import('./WorkspaceSection').then((m) => m.WorkspaceSection));
