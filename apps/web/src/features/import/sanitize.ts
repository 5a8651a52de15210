import DOMPurify from 'dompurify';
import type { Config, DOMPurify as Purifier } from 'dompurify';
import { reshapeBlocks } from './convert/blocks';
import { reshapeTables } from './convert/tables';
import { DATA_IMAGE, imagesAsLinks } from '../editor/images/remoteImages';

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
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  // An image only with its bytes in a data: address (uploaded once the document exists, convert/images.ts);
  // an image by address becomes a link with its alt text, never fetched (docs/IMAGES.md).
  'img',
  'figure',
  'figcaption',
] as const;

/**
 * Kept through sanitising only to be reshaped right after: a checkbox (GFM task lists, Bree's own HTML)
 * becomes a checklist item (convert/blocks.ts), a table's caption a paragraph before it (convert/tables.ts).
 */
const RESHAPED_TAGS = ['input', 'caption'];

/** A cell's span as the schema keeps it (1–20, normalizeDoc clamps): anything else is dropped. */
const CELL_SPAN = /^[1-9][0-9]?$/;

/** A code element's language class (`language-ts`), the only class an import keeps. */
const LANGUAGE_CLASS = /^language-[a-z0-9+-]{1,32}$/;

const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: [...IMPORT_ALLOWED_TAGS, ...RESHAPED_TAGS],
  ALLOWED_ATTR: ['href', 'type', 'checked', 'class', 'colspan', 'rowspan', 'src', 'alt'],
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
    // An image's address and words belong to images alone.
    if ((data.attrName === 'src' || data.attrName === 'alt') && node.nodeName !== 'IMG') data.keepAttr = false;
    // A checkbox's type and state, and a code block's language, mean something; nowhere else.
    if ((data.attrName === 'type' || data.attrName === 'checked') && node.nodeName !== 'INPUT') data.keepAttr = false;
    // DOMPurify drops an input's type by itself; a checkbox's is the one kept (any other input goes in convert/blocks.ts).
    if (data.attrName === 'type' && node.nodeName === 'INPUT') {
      if (data.attrValue.toLowerCase() === 'checkbox') data.forceKeepAttr = true;
      else data.keepAttr = false;
    }
    if (data.attrName === 'checked' && node.nodeName === 'INPUT') data.forceKeepAttr = true;
    // A table cell's span, a small number; on anything else (or any other value) it goes. Forced, as the
    // checkbox's state: DOMPurify would hold the value to ALLOWED_URI_REGEXP otherwise.
    if (data.attrName === 'colspan' || data.attrName === 'rowspan') {
      if ((node.nodeName === 'TD' || node.nodeName === 'TH') && CELL_SPAN.test(data.attrValue)) data.forceKeepAttr = true;
      else data.keepAttr = false;
    }
    if (data.attrName === 'class') {
      const language = data.attrValue.split(/\s+/).find((name) => LANGUAGE_CLASS.test(name));
      if (node.nodeName === 'CODE' && language) data.attrValue = language;
      else data.keepAttr = false;
    }
  });
  purifier = instance;
  return instance;
}

/**
 * Cleans untrusted HTML (an imported file, Markdown output, mammoth output) down to the
 * strict allowlist: headings, paragraphs, lists, quotes, rules, code blocks, tables, checkboxes, line
 * breaks, inline marks and http(s)/mailto links. Scripts, event handlers, styles, frames, forms and dangerous links are gone.
 */
export function sanitizeImportHtml(html: string): string {
  return sanitizeImportDom(html).innerHTML;
}

/** The same cleaning, kept as DOM (a detached div) so a large import is not re-parsed from text. */
export function sanitizeImportDom(html: string): HTMLElement {
  const fragment = getPurifier().sanitize(html, CONFIG);
  const container = fragment.ownerDocument.createElement('div');
  container.append(fragment);
  reshapeTables(container);
  reshapeBlocks(container);
  // Only a data: image stays an image; the rest are links or alt text here, before any parse could read them.
  imagesAsLinks(container, (src) => DATA_IMAGE.test(src));
  return container;
}
