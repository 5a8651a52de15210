import { useOneTimeSearchParam } from '../../app/navigation';

/**
 * The installed app's 'New document' shortcut opens /app?new: the list creates a document and
 * opens it, once (the parameter goes first, so a reload or Back does not create a second one).
 */
export function useNewDocumentShortcut(create: () => Promise<void>): void {
  useOneTimeSearchParam('new', () => void create());
}
