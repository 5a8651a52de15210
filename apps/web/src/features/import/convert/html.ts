import { DOMParser as ProseMirrorParser } from '@tiptap/pm/model';
import { getBreeSchema, toPlainText } from '@bree/editor';
import type { DocJSON } from '@bree/editor';
import { sanitizeImportDom } from '../sanitize';
import { codeLanguagesOf, withCodeLanguages } from './blocks';
import { ImportError } from './errors';

/** Source-specific clean-ups applied after sanitising. */
export interface HtmlToDocOptions {
  /**
   * Drop underline directly inside links. Word draws every link underlined through its
   * Hyperlink style; that is presentation, not the author's emphasis, and would otherwise
   * come back as an underline mark on every imported link.
   */
  unwrapLinkUnderline?: boolean;
}

function unwrapLinkUnderlines(root: HTMLElement): void {
  for (const u of Array.from(root.querySelectorAll('a u'))) u.replaceWith(...Array.from(u.childNodes));
}

/**
 * Untrusted HTML → Bree's document tree: sanitised first, then parsed by the shared schema
 * (which also clamps headings and refuses non-http(s)/mailto links). Throws ImportError
 * 'empty' when nothing readable is left.
 */
export function htmlToDoc(html: string, options: HtmlToDocOptions = {}): DocJSON {
  // The sanitised DOM goes straight to the schema's parser: a large DOCX is parsed once, not
  // serialised and re-parsed at every step.
  const clean = sanitizeImportDom(html);
  if (options.unwrapLinkUnderline) unwrapLinkUnderlines(clean);
  const parsed = ProseMirrorParser.fromSchema(getBreeSchema()).parse(clean).toJSON() as DocJSON;
  const doc = withCodeLanguages(parsed, codeLanguagesOf(clean));
  // An image alone is something to keep (its alt text may be empty).
  if (!toPlainText(doc).trim() && !JSON.stringify(doc).includes('"type":"image"')) throw new ImportError('empty');
  return doc;
}
