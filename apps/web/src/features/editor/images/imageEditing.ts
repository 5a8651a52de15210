import { Extension } from '@tiptap/core';
import type { AnyExtension, Editor, Node as NodeExtension } from '@tiptap/core';
import { NodeSelection, Plugin, PluginKey } from '@tiptap/pm/state';
import { isBreeImageSrc } from '@bree/editor';
import type { ApiClient } from '../../../lib/api';
import { ImageView, imageFetcher } from './ImageView';
import type { ImagePanelHost } from './ImageView';
import { htmlHasWords, pastedHtmlImages } from './remoteImages';
import './images.css';

/** What adding and reading images needs: the document they belong to and the signed-in client. */
export interface ImageEditingOptions {
  fileId: string;
  api: ApiClient | null;
  /** The token manager: an upload's XMLHttpRequest sends the same bearer token as the API client. */
  tokens: { getAccessToken(options?: { forceRefresh?: boolean }): Promise<string | null>; invalidate(): void } | null;
  /**
   * The person may add and change images: the owner and an Editor. A Commenter's window (typing
   * suggestions) and a Viewer's read them only: no upload on paste or drop, no settings panel.
   */
  canChange: () => boolean;
}

/** The options ImageEditing was configured with on this editor (null without it). */
function optionsOf(editor: Editor): ImageEditingOptions | null {
  return (editor.extensionManager.extensions.find((extension) => extension.name === 'breeImageEditing')?.options as ImageEditingOptions) ?? null;
}

/** The options the editor's image editing was configured with (the lazy upload reads them). */
export function imageContext(editor: Editor): ImageEditingOptions {
  const context = optionsOf(editor);
  if (!context?.api || !context.tokens) throw new Error('ImageEditing is not configured on this editor');
  return context;
}

// Upload, placeholders and the settings panel load on first use (docs/PAGE-WEIGHT.md).
const loadInsert = () => import('./insertImages');
const loadSettings = () => import('./ImageSettings');

/** Uploads `files` and inserts each as an image at `pos` (a placeholder shows while it travels). */
export function insertImageFiles(editor: Editor, files: File[], pos: number): void {
  void loadInsert().then((m) => m.insertImageFiles(editor, files, pos));
}

/** The toolbar's and the '/' menu's 'Image': the system's file chooser, then the upload at the caret. */
export function chooseImage(editor: Editor): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/png,image/jpeg,image/webp,image/gif';
  input.multiple = true;
  input.hidden = true;
  // In the page while the chooser is open (a detached input's files are not every browser's), gone after.
  document.body.append(input);
  input.onchange = () => {
    const files = Array.from(input.files ?? []);
    input.remove();
    if (files.length > 0) insertImageFiles(editor, files, editor.state.selection.from);
  };
  input.addEventListener('cancel', () => input.remove());
  // Started in the click (or key) that asked, so the browser allows the chooser.
  input.click();
}

/** The image files a paste or a drop carries, if any. */
function imageFiles(data: DataTransfer | null): File[] {
  return Array.from(data?.files ?? []).filter((file) => file.type.startsWith('image/'));
}

const panelHost: ImagePanelHost = {
  show: (view, focus) => void loadSettings().then((m) => m.showImagePanel(view, focus)),
  hide: (view) => void loadSettings().then((m) => m.hideImagePanel(view)),
};

/**
 * Images in the editor (docs/IMAGES.md): the node view that reads stored images with the token,
 * paste and drop of image files, pasted HTML's remote images kept as links (never fetched), and
 * Enter on a selected image opening its settings.
 */
export const ImageEditing = Extension.create<ImageEditingOptions>({
  name: 'breeImageEditing',
  addOptions() {
    return { fileId: '', api: null, tokens: null, canChange: () => true };
  },
  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) => {
        const { selection } = editor.state;
        if (!(selection instanceof NodeSelection) || selection.node.type.name !== 'image') return false;
        const dom = editor.view.nodeDOM(selection.from);
        (dom as { imageView?: ImageView } | null)?.imageView?.openSettings();
        return true;
      },
    };
  },
  addProseMirrorPlugins() {
    const editor = this.editor;
    const options = this.options;
    return [
      new Plugin({
        key: new PluginKey('breeImageEditing'),
        props: {
          handlePaste: (view, event) => {
            if (!options.canChange()) return false;
            const files = imageFiles(event.clipboardData);
            // A passage with words (from Word, a page) is pasted as text, its images by the rule below;
            // an image file alone, or with the bare <img> of 'Copy image', is uploaded.
            if (files.length === 0 || htmlHasWords(event.clipboardData?.getData('text/html'))) return false;
            insertImageFiles(editor, files, view.state.selection.from);
            return true;
          },
          handleDrop: (view, event, _slice, moved) => {
            const files = moved || !options.canChange() ? [] : imageFiles(event.dataTransfer);
            if (files.length === 0) return false;
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
            insertImageFiles(editor, files, at?.pos ?? view.state.selection.from);
            return true;
          },
          // A data: image in pasted HTML is uploaded, after the pasted text, at the caret.
          transformPastedHTML: (html, view) =>
            !options.canChange()
              ? html
              : pastedHtmlImages(html, isBreeImageSrc, (images) => {
                  const files = images.map((blob) => new File([blob], 'pasted-image', { type: blob.type }));
                  setTimeout(() => insertImageFiles(editor, files, view.state.selection.from));
                }),
        },
      }),
    ];
  },
});

/**
 * The schema's extensions with the image drawn by ImageView (read with the writer's token, its
 * settings panel) from the editor's first paint. A node view given by a plugin comes only after
 * TipTap's first paint, when a plain `<img>` would already have asked for the image without the token
 * (a 401 for every image of the document). Use with ImageEditing, which holds the options.
 */
export function withImageView(extensions: AnyExtension[]): AnyExtension[] {
  return extensions.map((extension) =>
    extension.name !== 'image'
      ? extension
      : (extension as NodeExtension).extend({
          addNodeView() {
            return ({ node, view, getPos, editor }) => {
              const options = optionsOf(editor);
              const fetchImage = options?.api ? imageFetcher(options.api) : () => Promise.reject(new Error('no API client'));
              const host: ImagePanelHost = {
                show: (image, focus) => options?.canChange() && image.view.editable && panelHost.show(image, focus),
                hide: panelHost.hide,
              };
              const imageView = new ImageView(node, view, getPos, fetchImage, host);
              Object.assign(imageView.dom, { imageView });
              return imageView;
            };
          },
        }),
  );
}
