import { useLayoutEffect, useRef } from 'react';
import { DOMSerializer, Node as PMNode } from '@tiptap/pm/model';
import { getBreeSchema, normalizeDoc, toPlainText, type DocJSON } from '@bree/editor';

/**
 * A version's text as the editor shows it (headings, lists, bold, links), read-only: built with
 * the document's own schema (docs/PRODUCT.md#versions). A text the schema cannot read is shown
 * as plain text rather than not at all.
 */
export function VersionText({ content }: { content: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const schema = getBreeSchema();
    try {
      const doc = PMNode.fromJSON(schema, normalizeDoc(content as DocJSON));
      // DOM nodes, never an HTML string: the text is the writer's own and is never parsed as markup.
      el.replaceChildren(DOMSerializer.fromSchema(schema).serializeFragment(doc.content));
    } catch {
      const p = document.createElement('p');
      p.style.whiteSpace = 'pre-wrap';
      p.textContent = content && typeof content === 'object' ? toPlainText(content as DocJSON) : String(content ?? '');
      el.replaceChildren(p);
    }
  }, [content]);
  // The writing surface's type (editor.css), without its room to type in.
  return <div ref={ref} className="bree-prose" style={{ minHeight: 0 }} data-testid="version-preview" />;
}
