import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { NodeSelection } from '@tiptap/pm/state';
import { IMAGE_TEXT_MAX } from '@bree/editor';
import type { ImageSize } from '@bree/editor';
import { Button, Input, cn } from '../../../ui';
import type { ImageView } from './ImageView';

export const SIZE_LABELS: Record<ImageSize, string> = { small: 'Small', medium: 'Medium', full: 'Full width' };

interface ImageAttrs {
  src: string | null;
  alt: string | null;
  caption: string | null;
  size: ImageSize;
}

/** Sets attributes of the image `view` draws (one undo step per change). */
function setAttrs(view: ImageView, attrs: Partial<ImageAttrs>): void {
  const pos = view.getPos();
  if (pos === undefined) return;
  const tr = view.view.state.tr.setNodeMarkup(pos, undefined, { ...view.node.attrs, ...attrs });
  // The image stays selected, so its panel stays open while it is edited.
  view.view.dispatch(tr.setSelection(NodeSelection.create(tr.doc, pos)));
}

/** Back to the text with the image selected (Escape), or after it once it is deleted. */
function backToText(view: ImageView): void {
  const pos = view.getPos();
  view.view.focus();
  if (pos !== undefined) view.view.dispatch(view.view.state.tr.setSelection(NodeSelection.create(view.view.state.doc, pos)));
}

function deleteImage(view: ImageView): void {
  const pos = view.getPos();
  if (pos === undefined) return;
  view.view.dispatch(view.view.state.tr.delete(pos, pos + view.node.nodeSize).scrollIntoView());
  view.view.focus();
}

/**
 * A field's text as typed: the node's value arrives a moment later (the panel redraws from the
 * document after a lazily loaded hop), so the field keeps its own and takes the node's only when
 * it changed elsewhere (Undo) while the field is not being typed in.
 */
function useDraft(value: string | null): [string, (next: string) => void, { onFocus(): void; onBlur(): void }] {
  const [draft, setDraft] = useState(value ?? '');
  const typing = useRef(false);
  useEffect(() => {
    if (!typing.current) setDraft(value ?? '');
  }, [value]);
  return [draft, setDraft, { onFocus: () => (typing.current = true), onBlur: () => (typing.current = false) }];
}

/**
 * The selected image's settings (docs/IMAGES.md), below it: its caption where the caption shows,
 * its alt text, the size preset and Delete. Reached by a click or tap, and by Enter on an image the
 * arrows selected; Escape goes back to the text. Fits a 375 px phone (the fields wrap).
 */
function ImagePanel({ view, focus }: { view: ImageView; focus: number }) {
  const attrs = view.node.attrs as ImageAttrs;
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus > 0) first.current?.focus();
  }, [focus]);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' && !(event.key === 'Enter' && event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    backToText(view);
  };
  const text = (value: string) => (value.trim() ? value.slice(0, IMAGE_TEXT_MAX) : null);
  const [caption, setCaption, captionFocus] = useDraft(attrs.caption);
  const [alt, setAlt, altFocus] = useDraft(attrs.alt);
  return (
    <div role="group" aria-label="Image settings" onKeyDown={onKeyDown} className="flex flex-col gap-2 pt-2 text-left">
      <input
        ref={first}
        aria-label="Caption"
        placeholder="Add a caption"
        value={caption}
        maxLength={IMAGE_TEXT_MAX}
        {...captionFocus}
        onChange={(e) => {
          setCaption(e.target.value);
          setAttrs(view, { caption: text(e.target.value) });
        }}
        className="w-full rounded-md border border-dashed border-line-strong bg-transparent px-2 py-1 text-center text-sm text-ink-soft focus-visible:outline-2 focus-visible:outline-accent"
      />
      <div className="flex flex-wrap items-end gap-2 rounded-md border border-line bg-surface p-2 shadow-sm">
        <div className="min-w-40 flex-1">
          <Input
            label="Alt text"
            hint="What the image shows, for readers who cannot see it"
            value={alt}
            maxLength={IMAGE_TEXT_MAX}
            {...altFocus}
            onChange={(e) => {
              setAlt(e.target.value);
              setAttrs(view, { alt: text(e.target.value) });
            }}
          />
        </div>
        <div role="group" aria-label="Size" className="flex gap-1">
          {(Object.keys(SIZE_LABELS) as ImageSize[]).map((size) => (
            <button
              key={size}
              type="button"
              aria-pressed={attrs.size === size}
              onClick={() => setAttrs(view, { size })}
              className={cn(
                'h-10 rounded-md px-2 text-sm text-ink-soft hover:bg-cream-deep focus-visible:outline-2 focus-visible:outline-accent',
                attrs.size === size && 'bg-cream-deep font-semibold text-ink',
              )}
            >
              {SIZE_LABELS[size]}
            </button>
          ))}
        </div>
        <Button variant="secondary" onClick={() => deleteImage(view)}>
          Delete image
        </Button>
      </div>
    </div>
  );
}

const roots = new WeakMap<ImageView, { root: Root; focus: number }>();

/** Draws (or redraws) the panel of a selected image; `focus` moves the focus into it. */
export function showImagePanel(view: ImageView, focus: boolean): void {
  let entry = roots.get(view);
  if (!entry) {
    entry = { root: createRoot(view.panel), focus: 0 };
    roots.set(view, entry);
  }
  if (focus) entry.focus += 1;
  entry.root.render(<ImagePanel view={view} focus={entry.focus} />);
}

export function hideImagePanel(view: ImageView): void {
  const entry = roots.get(view);
  if (!entry) return;
  roots.delete(view);
  // Unmounted after the current render, never during one (deselection happens inside a dispatch).
  queueMicrotask(() => entry.root.unmount());
}
