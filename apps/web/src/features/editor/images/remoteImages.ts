/**
 * The one rule for images that come as HTML — pasted into the editor or imported from a file
 * (docs/IMAGES.md): an image by address is NEVER fetched. An http(s) image becomes a link with its
 * alt text (or its address when it has none); any other source it cannot keep leaves its alt text.
 */

/** A `data:` image of a type the server stores (PNG, JPEG, WebP, GIF): its bytes travel with the text. */
export const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|webp|gif);base64,/i;

/**
 * Rewrites every `<img>` under `root` that `keep` refuses, in place: the image goes, a link or its
 * alt text takes its place, inline where it stood. Works on an inert document: nothing is loaded.
 */
export function imagesAsLinks(root: ParentNode, keep: (src: string) => boolean): void {
  for (const img of Array.from(root.querySelectorAll('img'))) {
    const src = (img.getAttribute('src') ?? '').trim();
    if (keep(src)) continue;
    const alt = (img.getAttribute('alt') ?? '').replace(/\s+/g, ' ').trim();
    const doc = img.ownerDocument;
    if (/^https?:\/\//i.test(src)) {
      const link = doc.createElement('a');
      link.setAttribute('href', src);
      link.textContent = alt || src;
      img.replaceWith(link);
    } else {
      img.replaceWith(doc.createTextNode(alt));
    }
  }
}

/**
 * Pasted HTML with its images rewritten by the rule; Bree's own stored images stay (a copy between
 * documents). A `data:` image of a stored type is taken out and handed to `onData` (to be uploaded).
 */
export function pastedHtmlImages(html: string, keep: (src: string) => boolean, onData: (images: Blob[]) => void = () => undefined): string {
  if (!/<img/i.test(html)) return html;
  // DOMParser's document is inert: no image in it is ever requested.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const images: Blob[] = [];
  for (const img of Array.from(doc.body.querySelectorAll('img'))) {
    const blob = dataImageBlob(img.getAttribute('src') ?? '');
    if (!blob) continue;
    images.push(blob);
    img.remove();
  }
  imagesAsLinks(doc.body, keep);
  if (images.length > 0) onData(images);
  return doc.body.innerHTML;
}

/** Whether pasted HTML holds words (a passage, pasted as text) rather than only an image ('Copy image'). */
export function htmlHasWords(html: string | undefined): boolean {
  if (!html) return false;
  return /\S/.test(new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '');
}

/** A `data:` image's bytes as a Blob, or null when it is not one the server stores. */
export function dataImageBlob(src: string): Blob | null {
  const match = DATA_IMAGE.exec(src);
  if (!match) return null;
  try {
    const binary = atob(src.slice(match[0].length));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    const type = match[1]!.toLowerCase() === 'jpg' ? 'jpeg' : match[1]!.toLowerCase();
    return new Blob([bytes], { type: `image/${type}` });
  } catch {
    return null;
  }
}
