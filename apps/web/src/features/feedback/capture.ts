import { FEEDBACK_MESSAGES } from '@bree/contracts';
import { captureSettings } from './rules';

/** Marks what a screenshot leaves out: the feedback dialog itself and the backdrop behind it. */
function isExcluded(node: Node): boolean {
  if (!(node instanceof HTMLElement)) return false;
  return node.getAttribute('role') === 'dialog' || node.hasAttribute('data-dialog-overlay');
}

/**
 * A JPEG of the page behind the dialog (html-to-image, loaded only when asked), scaled to fit
 * 1920×1080 at quality 0.8, or 1280×720 at 0.6 on a phone (docs/PRODUCT.md#feedback).
 */
export async function capturePage(isMobile: boolean): Promise<Blob> {
  const { toJpeg } = await import('html-to-image');
  const root = document.body;
  const width = window.innerWidth;
  const height = window.innerHeight;
  const { pixelRatio, quality } = captureSettings({ width, height }, isMobile);
  try {
    const dataUrl = await toJpeg(root, {
      quality,
      pixelRatio,
      width,
      height,
      backgroundColor: getComputedStyle(root).backgroundColor || '#ffffff',
      filter: (node) => !isExcluded(node),
      // Fonts are fetched and inlined otherwise: slow, and not needed to see what went wrong.
      skipFonts: true,
    });
    return dataUrlToBlob(dataUrl);
  } catch {
    throw new Error(FEEDBACK_MESSAGES.captureFailed);
  }
}

/** A data: URL as a Blob, decoded here (the page's CSP keeps fetch() off data: URLs). */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [head = '', data = ''] = dataUrl.split(',', 2);
  const type = /^data:([^;,]+)/.exec(head)?.[1] ?? 'application/octet-stream';
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** The first image on the clipboard (the Paste button); throws with the message to show. */
export async function readClipboardImage(): Promise<Blob> {
  if (!navigator.clipboard || typeof navigator.clipboard.read !== 'function') throw new Error(FEEDBACK_MESSAGES.clipboardUnsupported);
  let items: ClipboardItems;
  try {
    items = await navigator.clipboard.read();
  } catch {
    throw new Error(FEEDBACK_MESSAGES.clipboardDenied);
  }
  for (const item of items) {
    const type = item.types.find((t) => t.startsWith('image/'));
    if (type) return item.getType(type);
  }
  throw new Error(FEEDBACK_MESSAGES.clipboardEmpty);
}

/** The first image of a paste event (Ctrl+V in the dialog), or null. */
export function imageFromPaste(event: ClipboardEvent | React.ClipboardEvent): File | null {
  const files = Array.from(event.clipboardData?.files ?? []);
  return files.find((f) => f.type.startsWith('image/')) ?? null;
}
