import type { Node as PMNode } from '@tiptap/pm/model';
import type { EditorView, NodeView } from '@tiptap/pm/view';
import { isBreeImageSrc } from '@bree/editor';
import type { ApiClient } from '../../../lib/api';

/** Reads a stored image with the writer's token (an `<img>` cannot send it): GET /api/images/{id}. */
export type ImageFetcher = (src: string) => Promise<Blob>;

/** The fetcher of the signed-in API client (a 401 is cured once by a fresh token, as for every call). */
export function imageFetcher(api: ApiClient): ImageFetcher {
  return async (src) => new Response(await api.stream(src.replace(/^\/api/, ''), { headers: { Accept: 'image/*' } })).blob();
}

/** One blob URL per image, shared by every view of it, revoked a moment after the last one goes. */
const cache = new Map<string, { url: Promise<string>; users: number; timer?: ReturnType<typeof setTimeout> }>();

/** A blob URL of the stored image at `src`, shared while anyone holds it; `releaseImage` when done. */
export function acquireImage(src: string, fetchImage: ImageFetcher): Promise<string> {
  let entry = cache.get(src);
  if (!entry) {
    const url = fetchImage(src).then((blob) => URL.createObjectURL(blob));
    entry = { url, users: 0 };
    cache.set(src, entry);
    // A failed read is not kept: the next view of the image asks again.
    url.catch(() => cache.get(src) === entry && cache.delete(src));
  }
  clearTimeout(entry.timer);
  entry.users += 1;
  return entry.url;
}

export function releaseImage(src: string): void {
  const entry = cache.get(src);
  if (!entry || --entry.users > 0) return;
  // An undo or a re-render makes a new view of the same image at once: the blob waits a little for it.
  entry.timer = setTimeout(() => {
    cache.delete(src);
    void entry.url.then((url) => URL.revokeObjectURL(url)).catch(() => undefined);
  }, 5000);
}

/** Hooks the lazily loaded settings panel (ImageSettings.tsx) into a selected image's view. */
export interface ImagePanelHost {
  /** Called when the image is selected (and on every change while it is), with `focus` when Enter asked for it. */
  show(view: ImageView, focus: boolean): void;
  hide(view: ImageView): void;
}

/**
 * The image node in the editor (docs/IMAGES.md): a `<figure>` whose `<img>` shows a blob URL read
 * with the writer's token; an image that cannot be read shows its alt text. While selected, the
 * settings panel (alt text, caption, size, delete) renders in `panel`, below the image.
 */
export class ImageView implements NodeView {
  readonly dom: HTMLElement;
  readonly panel: HTMLElement;
  private readonly img: HTMLImageElement;
  private readonly caption: HTMLElement;
  private src: string | null = null;
  private selected = false;

  constructor(
    public node: PMNode,
    readonly view: EditorView,
    readonly getPos: () => number | undefined,
    private readonly fetchImage: ImageFetcher,
    private readonly host: ImagePanelHost,
  ) {
    this.dom = document.createElement('figure');
    this.dom.className = 'bree-image';
    this.img = this.dom.appendChild(document.createElement('img'));
    this.img.onerror = () => this.broken();
    this.caption = this.dom.appendChild(document.createElement('figcaption'));
    this.panel = this.dom.appendChild(document.createElement('div'));
    this.panel.className = 'bree-image-panel';
    this.render();
  }

  private render(): void {
    const { src, alt, caption, size } = this.node.attrs as { src: string | null; alt: string | null; caption: string | null; size: string };
    this.dom.dataset.size = size;
    this.img.alt = alt ?? '';
    this.dom.dataset.alt = alt || 'Image unavailable';
    this.caption.textContent = caption ?? '';
    this.caption.hidden = !caption;
    if (src === this.src) return;
    if (this.src) releaseImage(this.src);
    this.src = src;
    this.dom.classList.remove('is-broken');
    this.img.removeAttribute('src');
    // Only Bree's own stored images are read; any other address is never fetched (and is dropped on save).
    if (!isBreeImageSrc(src)) return this.broken();
    acquireImage(src, this.fetchImage).then(
      (url) => this.src === src && (this.img.src = url),
      () => this.src === src && this.broken(),
    );
  }

  private broken(): void {
    this.dom.classList.add('is-broken');
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render();
    if (this.selected) this.host.show(this, false);
    return true;
  }

  selectNode(): void {
    this.selected = true;
    this.dom.classList.add('ProseMirror-selectednode');
    this.host.show(this, false);
  }

  deselectNode(): void {
    this.selected = false;
    this.dom.classList.remove('ProseMirror-selectednode');
    this.host.hide(this);
  }

  /** Enter on the selected image: its settings take the focus. */
  openSettings(): void {
    this.host.show(this, true);
  }

  // The panel's fields are the writer's, not ProseMirror's: their keys, clicks and text stay theirs.
  stopEvent(event: Event): boolean {
    return event.target instanceof Node && this.panel.contains(event.target);
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    if (this.selected) this.host.hide(this);
    if (this.src) releaseImage(this.src);
  }
}
