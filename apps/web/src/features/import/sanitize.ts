import DOMPurify from 'dompurify';
import type { Config, DOMPurify as Purifier } from 'dompurify';

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
] as const;

/**
 * Kept through sanitising only to be reshaped right after: Bree has no tables or code blocks,
 * but dropping the tags alone would glue table cells together and lose code's line breaks.
 */
const RESHAPED_TAGS = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'pre'];

const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS: [...IMPORT_ALLOWED_TAGS, ...RESHAPED_TAGS],
  ALLOWED_ATTR: ['href'],
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

/** A preformatted block → one paragraph of code with its line breaks kept as <br>. */
function flattenPre(root: DocumentFragment): void {
  const doc = root.ownerDocument;
  for (const pre of Array.from(root.querySelectorAll('pre')).reverse()) {
    const paragraph = doc.createElement('p');
    const code = doc.createElement('code');
    (pre.textContent ?? '')
      .replace(/\n+$/, '')
      .split('\n')
      .forEach((line, i) => {
        if (i > 0) code.append(doc.createElement('br'));
        code.append(doc.createTextNode(line));
      });
    paragraph.append(code);
    pre.replaceWith(paragraph);
  }
}

/**
 * Cleans untrusted HTML (an imported file, Markdown output, mammoth output) down to the
 * strict allowlist: headings, paragraphs, lists, line breaks, inline marks and http(s)/mailto
 * links. Scripts, event handlers, styles, frames, forms and dangerous links are gone.
 */
export function sanitizeImportHtml(html: string): string {
  return sanitizeImportDom(html).innerHTML;
}

/** The same cleaning, kept as DOM (a detached div) so a large import is not re-parsed from text. */
export function sanitizeImportDom(html: string): HTMLElement {
  const fragment = getPurifier().sanitize(html, CONFIG);
  flattenPre(fragment);
  flattenTables(fragment);
  const container = fragment.ownerDocument.createElement('div');
  container.append(fragment);
  return container;
}
