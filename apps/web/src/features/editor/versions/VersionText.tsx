import { useLayoutEffect, useRef } from 'react';
import { DOMSerializer, Node as PMNode } from '@tiptap/pm/model';
import { getBreeSchema, isBreeImageSrc, normalizeDoc, toPlainText, type DocJSON } from '@bree/editor';
import { useServices } from '../../../app/services';
import { acquireImage, imageFetcher, releaseImage } from '../images/ImageView';

/** Gives each stored image under `el` its blob URL (an unreadable one shows its alt text); answers the release. */
function showImages(el: HTMLElement, fetchImage: ReturnType<typeof imageFetcher>): () => void {
  const held: string[] = [];
  for (const img of Array.from(el.querySelectorAll('img'))) {
    const src = img.getAttribute('src') ?? '';
    img.removeAttribute('src');
    const figure = img.closest('figure');
    figure?.setAttribute('data-alt', img.alt || 'Image unavailable');
    if (!isBreeImageSrc(src)) {
      figure?.classList.add('is-broken');
      continue;
    }
    held.push(src);
    acquireImage(src, fetchImage).then(
      (url) => (img.src = url),
      () => figure?.classList.add('is-broken'),
    );
  }
  return () => held.forEach(releaseImage);
}

/**
 * A version's text as the editor shows it (headings, lists, bold, links), read-only: built with
 * the document's own schema (docs/PRODUCT.md#versions). A text the schema cannot read is shown
 * as plain text rather than not at all.
 */
export function VersionText({ content }: { content: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  const { api } = useServices();
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const schema = getBreeSchema();
    try {
      const doc = PMNode.fromJSON(schema, normalizeDoc(content as DocJSON));
      // DOM nodes, never an HTML string: the text is the writer's own and is never parsed as markup.
      el.replaceChildren(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
      // Images are read with the token, as in the editor (an <img> cannot send it; docs/IMAGES.md).
      return showImages(el, imageFetcher(api));
    } catch {
      const p = document.createElement('p');
      p.style.whiteSpace = 'pre-wrap';
      p.textContent = content && typeof content === 'object' ? toPlainText(content as DocJSON) : String(content ?? '');
      el.replaceChildren(p);
    }
  }, [content, api]);
  // The writing surface's type (editor.css), without its room to type in.
  return <div ref={ref} className="bree-prose" style={{ minHeight: 0 }} data-testid="version-preview" />;
}
