import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Editor } from '@tiptap/core';
import type { CommentAnchor, CommentListAnswer } from '@bree/contracts';

export interface CommentsUi {
  fileId: string;
  editor: Editor;
  /** The comments panel is showing (the side column on a wide screen, a sheet on a phone). */
  open: boolean;
  setOpen(open: boolean): void;
  /** The selected text a new thread is being written on. */
  draft: CommentAnchor | null;
  setDraft(anchor: CommentAnchor | null): void;
  /** The thread the writer is looking at: its text is marked more strongly. */
  active: string | null;
  setActive(threadId: string | null): void;
  data: CommentListAnswer | undefined;
  loadError: unknown;
  /** What the comments' loader (CommentsLive, loaded after the page) last heard. */
  setLoaded(data: CommentListAnswer | undefined, error: unknown): void;
  openCount: number;
  /** The caller may write comments (owner, Editor, Commenter). */
  canComment: boolean;
  /** The caller writes the text (owner, Editor): their editor tells the server where moved threads went. */
  canWrite: boolean;
  /** When the writer's text was last saved with nothing left to save (null while edits wait): moved threads are told then. */
  savedAt: number | null;
}

const Context = createContext<CommentsUi | null>(null);

/** The comments of one open document, shared by the toolbar's toggle, the selection's Comment and the panel. */
export function CommentsProvider({
  fileId,
  editor,
  canWrite,
  savedAt = null,
  children,
}: {
  fileId: string;
  editor: Editor;
  canWrite: boolean;
  savedAt?: number | null;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<CommentAnchor | null>(null);
  const [active, setActive] = useState<string | null>(null);
  const [loaded, setLoadedState] = useState<{ data: CommentListAnswer | undefined; error: unknown }>({ data: undefined, error: null });
  const setLoaded = useCallback((data: CommentListAnswer | undefined, error: unknown) => setLoadedState({ data, error }), []);
  const value = useMemo<CommentsUi>(() => {
    const { data, error } = loaded;
    return {
      fileId,
      editor,
      open,
      setOpen,
      draft,
      setDraft,
      active,
      setActive,
      data,
      loadError: error,
      setLoaded,
      openCount: data?.threads.filter((t) => !t.resolved).length ?? 0,
      canComment: data?.canComment ?? false,
      canWrite,
      savedAt,
    };
  }, [fileId, editor, open, draft, active, loaded, setLoaded, canWrite, savedAt]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** The comments of the open document, or null outside one. */
export const useOptionalCommentsUi = (): CommentsUi | null => useContext(Context);
/** The open document has comment threads, open or resolved (a download may then include them). */
export const useHasComments = (): boolean => (useContext(Context)?.data?.threads.length ?? 0) > 0;

export function useCommentsUi(): CommentsUi {
  const ui = useContext(Context);
  if (!ui) throw new Error('useCommentsUi outside CommentsProvider');
  return ui;
}

/** Comments' toolbar toggle, with the number of open threads. */
export function CommentsToggle({ className }: { className?: string }) {
  const { open, setOpen, openCount } = useCommentsUi();
  return (
    <button
      type="button"
      aria-pressed={open}
      aria-label={openCount ? `Comments, ${openCount} open` : 'Comments'}
      title="Comments"
      onClick={() => setOpen(!open)}
      className={`inline-flex h-9 min-w-9 shrink-0 items-center justify-center gap-1 rounded-md px-2 text-sm text-ink-soft hover:bg-cream-deep hover:text-ink focus-visible:outline-2 focus-visible:outline-accent aria-pressed:bg-cream-deep aria-pressed:text-ink ${className ?? ''}`}
      data-testid="comments-toggle"
    >
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" className="size-4" aria-hidden="true">
        <path d="M4 4h12v9H9l-4 3v-3H4z" />
      </svg>
      {openCount > 0 && <span className="min-w-4 rounded-full bg-accent px-1 text-center text-[11px] leading-4 font-semibold text-white">{openCount}</span>}
    </button>
  );
}
