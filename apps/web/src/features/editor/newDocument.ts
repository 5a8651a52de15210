/**
 * Navigation state of a document that was just created: the editor opens with the caret in the
 * text, so typing goes straight into it. Kept apart from the editor's components so the list can
 * import it without pulling the editor into its bundle.
 */
export const NEW_DOCUMENT_STATE = { newDocument: true } as const;

/** Whether the router state says the document was just created. */
export function isNewDocumentState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { newDocument?: unknown }).newDocument === true;
}
