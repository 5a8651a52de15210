import type { Editor } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorState } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { notify } from '../../../lib/toast';
import { getCurrentTenant } from '../../tenancy';
import { imageContext } from './imageEditing';
import { IMAGE_UPLOAD_MESSAGES, ImageUploadError, uploadImage } from './upload';

type PlaceholderMeta = { add: { id: string; pos: number; dom: HTMLElement } } | { remove: string };

/** Where uploads in progress stand in the text: widgets, never part of the document (nothing is saved for them). */
const placeholderKey = new PluginKey<DecorationSet>('breeImagePlaceholders');

const placeholderPlugin = new Plugin<DecorationSet>({
  key: placeholderKey,
  state: {
    init: () => DecorationSet.empty,
    apply(tr, set) {
      const mapped = set.map(tr.mapping, tr.doc);
      const meta = tr.getMeta(placeholderKey) as PlaceholderMeta | undefined;
      if (!meta) return mapped;
      if ('add' in meta) return mapped.add(tr.doc, [Decoration.widget(meta.add.pos, meta.add.dom, { id: meta.add.id, side: -1 })]);
      return mapped.remove(mapped.find(undefined, undefined, (spec) => spec.id === meta.remove));
    },
  },
  props: { decorations: (state) => placeholderKey.getState(state) },
});

function placeholderAt(state: EditorState, id: string): number | null {
  const found = placeholderKey.getState(state)?.find(undefined, undefined, (spec) => spec.id === id) ?? [];
  return found[0]?.from ?? null;
}

/** 'Uploading image… 40%' with a bar, announced politely. */
function placeholderDom(name: string): { dom: HTMLElement; progress(fraction: number): void } {
  const dom = document.createElement('div');
  dom.className = 'bree-image-uploading';
  dom.setAttribute('role', 'status');
  dom.contentEditable = 'false';
  const label = dom.appendChild(document.createElement('span'));
  const bar = dom.appendChild(document.createElement('progress'));
  bar.max = 1;
  bar.setAttribute('aria-label', `Uploading ${name}`);
  const progress = (fraction: number) => {
    bar.value = fraction;
    label.textContent = `Uploading image… ${Math.round(fraction * 100)}%`;
  };
  progress(0);
  return { dom, progress };
}

/** Puts the image where its placeholder stands: a block of its own, the caret after it. */
function insertImageAt(editor: Editor, pos: number, src: string): void {
  const { doc } = editor.state;
  const $pos = doc.resolve(Math.min(pos, doc.content.size));
  const parent = $pos.parent;
  // An empty paragraph is replaced; at either end of a text the image goes beside it, inside one it splits it.
  const empty = parent.isTextblock && parent.content.size === 0 && $pos.depth > 0;
  const image = editor.schema.nodes.image!.create({ src, alt: null, caption: null, size: 'full' });
  const tr = empty ? editor.state.tr.replaceRangeWith($pos.before(), $pos.after(), image) : editor.state.tr.replaceRangeWith($pos.pos, $pos.pos, image);
  editor.view.dispatch(tr);
  // Its new place: the node with this src (each upload's is its own).
  let imageEnd = -1;
  editor.state.doc.descendants((node, at) => {
    if (imageEnd < 0 && node.type.name === 'image' && node.attrs.src === src) imageEnd = at + node.nodeSize;
    return imageEnd < 0;
  });
  if (imageEnd < 0) return;
  // With no text block after it the writer could not type on: an empty paragraph follows (the schema has no gap cursor).
  if (!editor.state.doc.resolve(imageEnd).nodeAfter?.isTextblock)
    editor.chain().insertContentAt(imageEnd, { type: 'paragraph' }, { updateSelection: false }).run();
  // The caret goes after the image, never onto it: typing on would replace a selected image.
  editor
    .chain()
    .focus()
    .setTextSelection(imageEnd + 1)
    .scrollIntoView()
    .run();
}

let uploads = 0;

/**
 * Uploads image files into the document at `pos` (docs/IMAGES.md): each gets a placeholder with its
 * progress, becomes an image node once stored, and on a refusal leaves nothing but the server's
 * message in a toast. Offline, nothing is sent: the writer is told it needs a connection.
 */
export async function insertImageFiles(editor: Editor, files: File[], pos: number): Promise<void> {
  if (editor.isDestroyed || files.length === 0) return;
  if (!navigator.onLine) {
    notify.error(IMAGE_UPLOAD_MESSAGES.offline);
    return;
  }
  const { fileId, tokens } = imageContext(editor);
  if (!editor.state.plugins.some((p) => p.spec.key === placeholderKey)) editor.registerPlugin(placeholderPlugin);
  const deps = {
    fileId,
    tenantId: getCurrentTenant(),
    getAccessToken: (options?: { forceRefresh?: boolean }) => tokens!.getAccessToken(options),
    invalidateToken: () => tokens!.invalidate(),
  };
  // Every placeholder shows at once, in order; the files then travel one after another.
  const pending = files.map((file) => {
    const id = `image-upload-${(uploads += 1)}`;
    const placeholder = placeholderDom(file.name);
    const at = Math.min(pos, editor.state.doc.content.size);
    editor.view.dispatch(editor.state.tr.setMeta(placeholderKey, { add: { id, pos: at, dom: placeholder.dom } }));
    return { file, id, placeholder };
  });
  for (const { file, id, placeholder } of pending) {
    try {
      const image = await uploadImage(deps, file, placeholder.progress);
      if (editor.isDestroyed) return;
      const at = placeholderAt(editor.state, id);
      editor.view.dispatch(editor.state.tr.setMeta(placeholderKey, { remove: id }));
      if (at !== null) insertImageAt(editor, at, image.src);
    } catch (error) {
      if (editor.isDestroyed) return;
      editor.view.dispatch(editor.state.tr.setMeta(placeholderKey, { remove: id }));
      notify.error(error instanceof ImageUploadError ? error.message : IMAGE_UPLOAD_MESSAGES.failed);
    }
  }
}
