import { Marked } from 'marked';
import type { DocJSON } from '@bree/editor';
import { htmlToDoc } from './html';

// A private instance: GitHub-flavoured (so ~~strike~~ works), no global options touched.
const marked = new Marked({ gfm: true, breaks: false });

/** Markdown → HTML (untrusted: raw HTML in Markdown passes through, so sanitise it after). */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

/** Markdown → sanitised HTML → document tree. */
export function markdownToDoc(markdown: string): DocJSON {
  return htmlToDoc(markdownToHtml(markdown));
}
