import { useEffect } from 'react';
import type { Editor } from '@tiptap/core';
import type { SaveMachine } from '@bree/editor';

/**
 * An open editor that follows saves made elsewhere (docs/COLLABORATION.md "Following saves"): its
 * text, its save machine and the revision its text is based on. The presence heartbeat, which hears
 * the document's revision, does the following (presence/followSaves.ts, loaded after the page).
 */
export interface OpenDocument {
  editor: Editor;
  machine: SaveMachine;
  revisionRef: { current: number };
}

const open = new Map<string, OpenDocument>();

/** The window's editor of `fileId`, while it shows and follows (not a Commenter's: their window follows decisions). */
export function openDocument(fileId: string): OpenDocument | undefined {
  return open.get(fileId);
}

/** Registers the editor of `fileId`; the answer unregisters it. */
export function registerOpenDocument(fileId: string, entry: OpenDocument): () => void {
  open.set(fileId, entry);
  return () => {
    if (open.get(fileId) === entry) open.delete(fileId);
  };
}

/** Registers the editor of `fileId` while the page shows it; `follows: false` leaves it out. */
export function useOpenDocument(fileId: string, editor: Editor, machine: SaveMachine, revisionRef: { current: number }, follows = true): void {
  useEffect(() => (follows ? registerOpenDocument(fileId, { editor, machine, revisionRef }) : undefined), [fileId, editor, machine, revisionRef, follows]);
}
