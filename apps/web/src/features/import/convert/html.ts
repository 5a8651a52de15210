import { generateJSON } from '@tiptap/core';
import { breeExtensions, toPlainText } from '@bree/editor';
import type { DocJSON } from '@bree/editor';
import { sanitizeImportHtml } from '../sanitize';
import { ImportError } from './errors';

let extensions: ReturnType<typeof breeExtensions> | null = null;

/** Source-specific clean-ups applied after sanitising. */
export interface HtmlToDocOptions {
  /**
   * Drop underline directly inside links. Word draws every link underlined through its
   * Hyperlink style; that is presentation, not the author's emphasis, and would otherwise
   * come back as an underline mark on every imported link.
   */
  unwrapLinkUnderline?: boolean;
}

function unwrapLinkUnderlines(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const u of Array.from(template.content.querySelectorAll('a u'))) u.replaceWith(...Array.from(u.childNodes));
  return template.innerHTML;
}

/**
 * Untrusted HTML → Bree's document tree: sanitised first, then parsed by the shared schema
 * (which also clamps headings and refuses non-http(s)/mailto links). Throws ImportError
 * 'empty' when nothing readable is left.
 */
export function htmlToDoc(html: string, options: HtmlToDocOptions = {}): DocJSON {
  let clean = sanitizeImportHtml(html);
  if (options.unwrapLinkUnderline) clean = unwrapLinkUnderlines(clean);
  extensions ??= breeExtensions();
  const doc = generateJSON(clean, extensions) as DocJSON;
  if (!toPlainText(doc).trim()) throw new ImportError('empty');
  return doc;
}
