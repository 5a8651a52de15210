import { useEffect, useId, useRef, useState } from 'react';
import type { ReactElement, ReactNode } from 'react';
import hotToast from 'react-hot-toast';
import { Button, Input } from '../../ui';

const ASK_TOAST_ID = 'documents-ask';

/** Settles the question on screen when another one replaces it, so no caller waits forever. */
let cancelCurrent: (() => void) | null = null;

function AskCard({ labelId, children, onCancel }: { labelId: string; children: ReactNode; onCancel: () => void }) {
  return (
    <div
      role="alertdialog"
      aria-labelledby={labelId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onCancel();
        }
      }}
      className="pointer-events-auto w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-line bg-surface p-4 text-sm text-ink shadow-pop"
    >
      {children}
    </div>
  );
}

/**
 * Asks in a toast that stays until answered (docs/PRODUCT.md#documents), and returns focus to
 * where it was when it closes.
 */
function openAsk<T>(cancelValue: T, render: (finish: (value: T) => void) => ReactElement): Promise<T> {
  cancelCurrent?.();
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise<T>((resolve) => {
    let settled = false;
    const finish = (value: T) => {
      if (settled) return;
      settled = true;
      cancelCurrent = null;
      hotToast.remove(ASK_TOAST_ID);
      if (returnFocus?.isConnected) returnFocus.focus();
      resolve(value);
    };
    cancelCurrent = () => finish(cancelValue);
    // Opened on the next tick: a closing menu hands focus back to its trigger first.
    setTimeout(() => hotToast.custom(() => render(finish), { id: ASK_TOAST_ID, duration: Number.POSITIVE_INFINITY }), 0);
  });
}

function DeleteAsk({ question, confirm, finish }: { question: ReactNode; confirm: string; finish: (ok: boolean) => void }) {
  const labelId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <AskCard labelId={labelId} onCancel={() => finish(false)}>
      <p id={labelId} className="leading-relaxed">
        {question}
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <Button ref={cancelRef} variant="secondary" size="sm" onClick={() => finish(false)}>
          Cancel
        </Button>
        <Button variant="danger" size="sm" onClick={() => finish(true)}>
          {confirm}
        </Button>
      </div>
    </AskCard>
  );
}

const strong = (name: string) => <strong className="font-semibold break-words">{name}</strong>;

/** 'Are you sure you want to delete' + the name, with Cancel and Delete; resolves true on Delete. */
export function confirmDelete(name: string): Promise<boolean> {
  return openAsk(false, (finish) => <DeleteAsk question={<>Are you sure you want to delete {strong(name)}?</>} confirm="Delete" finish={finish} />);
}

/** The Trash's 'Delete forever': says it cannot be undone, with Cancel and Delete forever; resolves true on Delete forever. */
export function confirmDeleteForever(name: string): Promise<boolean> {
  return openAsk(false, (finish) => (
    <DeleteAsk question={<>Delete {strong(name)} forever? This cannot be undone.</>} confirm="Delete forever" finish={finish} />
  ));
}

function RenameDialog({ name, finish }: { name: string; finish: (value: string | null) => void }) {
  const labelId = useId();
  const [value, setValue] = useState(name);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.select(), []);
  // Blank or unchanged names cannot be submitted (docs/PRODUCT.md#documents).
  const usable = value.trim() !== '' && value.trim() !== name;
  return (
    <AskCard labelId={labelId} onCancel={() => finish(null)}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (usable) finish(value.trim());
        }}
      >
        <p id={labelId} className="mb-2">
          <span className="font-semibold">Rename</span> <span className="break-words text-muted">{name}</span>
        </p>
        <Input ref={inputRef} aria-label="New name" placeholder="Enter new name" value={value} onChange={(e) => setValue(e.target.value)} maxLength={250} />
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => finish(null)}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={!usable}>
            Rename
          </Button>
        </div>
      </form>
    </AskCard>
  );
}

/** 'Rename' + the name, an input 'Enter new name', Cancel and Rename (Enter confirms); resolves the trimmed name or null. */
export function askRename(name: string): Promise<string | null> {
  return openAsk<string | null>(null, (finish) => <RenameDialog name={name} finish={finish} />);
}

/** Closes an open question as cancelled (e.g. when the list unmounts). */
export function dismissAsk(): void {
  cancelCurrent?.();
}
