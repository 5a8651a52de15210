import DOMPurify from 'dompurify';
import type { Config, DOMPurify as Purifier } from 'dompurify';
import { reshapeBlocks } from './convert/blocks';

/**
 * The only elements an import keeps: what Bree's document schema can hold. Everything else
 * (script, style, iframe, form, svg, math, img…) is dropped; for harmless wrappers like div
 * or span only the text inside survives.
 */
export const IMPORT_ALLOWED_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'code',
  'a',
  'blockquote',
  'hr',
  'pre',
] as const;

/**
 * Kept through sanitising only to be reshaped right after: Bree has no tables, so rows become
 * paragraphs; a checkbox (GFM task lists, Bree's own HTML) becomes a checklist item (convert/blocks.ts).
 */
const RESHAPED_TAGS = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'input'];

/** A code element's language class (`language-ts`), the only class an import keeps. */
const LANGUAGE_CLASS = /^language-[a-z0-9+-]{1,32}$/;

const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: [...IMPORT_ALLOWED_TAGS, ...RESHAPED_TAGS],
  ALLOWED_ATTR: ['href', 'type', 'checked', 'class'],
  // Only web and mail links: javascript:, data:, vbscript: and relative paths lose their href.
  ALLOWED_URI_REGEXP: /^(?:https?|mailto):/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
  WHOLE_DOCUMENT: false,
  RETURN_DOM_FRAGMENT: true,
};

let purifier: Purifier | null = null;

/** A private DOMPurify instance, so this hook never leaks into other sanitising in the app. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    // href is allowed for links only; on any other element it is meaningless and removed.
    if (data.attrName === 'href' && node.nodeName !== 'A') data.keepAttr = false;
    // A checkbox's type and state, and a code block's language, mean something; nowhere else.
    if ((data.attrName === 'type' || data.attrName === 'checked') && node.nodeName !== 'INPUT') data.keepAttr = false;
    // DOMPurify drops an input's type by itself; a checkbox's is the one kept (any other input goes in convert/blocks.ts).
    if (data.attrName === 'type' && node.nodeName === 'INPUT') {
      if (data.attrValue.toLowerCase() === 'checkbox') data.forceKeepAttr = true;
      else data.keepAttr = false;
    }
    if (data.attrName === 'checked' && node.nodeName === 'INPUT') data.forceKeepAttr = true;
    if (data.attrName === 'class') {
      const language = data.attrValue.split(/\s+/).find((name) => LANGUAGE_CLASS.test(name));
      if (node.nodeName === 'CODE' && language) data.attrValue = language;
      else data.keepAttr = false;
    }
  });
  purifier = instance;
  return instance;
}

/** Table rows → paragraphs ('cell | cell'); the table's other wrappers just go. */
function flattenTables(root: DocumentFragment): void {
  const doc = root.ownerDocument;
  // Innermost rows first, so a table inside a cell is flattened before its host row reads it.
  for (const row of Array.from(root.querySelectorAll('tr')).reverse()) {
    const cells = Array.from(row.children).filter((c) => c.tagName === 'TD' || c.tagName === 'TH');
    const text = cells.map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim()).filter(Boolean);
    const paragraph = doc.createElement('p');
    paragraph.textContent = text.join(' | ');
    row.replaceWith(paragraph);
  }
  for (const wrapper of Array.from(root.querySelectorAll('table, thead, tbody, tfoot, th, td'))) wrapper.replaceWith(...Array.from(wrapper.childNodes));
}

/**
 * Cleans untrusted HTML (an imported file, Markdown output, mammoth output) down to the
 * strict allowlist: headings, paragraphs, lists, quotes, rules, code blocks, checkboxes, line
 * breaks, inline marks and http(s)/mailto links. Scripts, event handlers, styles, frames, forms and dangerous links are gone.
 */
export function sanitizeImportHtml(html: string): string {
  return sanitizeImportDom(html).innerHTML;
}

/** The same cleaning, kept as DOM (a detached div) so a large import is not re-parsed from text. */
export function sanitizeImportDom(html: string): HTMLElement {
  const fragment = getPurifier().sanitize(html, CONFIG);
  flattenTables(fragment);
  const container = fragment.ownerDocument.createElement('div');
  container.append(fragment);
  reshapeBlocks(container);
  return container;
}
