import { splitParagraphs, WORKSPACES, type VariantAction } from '@bree/contracts';
import type { DocJSON } from '@bree/editor';
import { SUBJECT_PREFIX } from './prompts/emailify';

/** "1/7 ", "1/", "1.", "(1)", "1)" or "1:" opening a post: the server numbers posts itself. */
const POST_NUMBER = /^\s*\(?\d{1,3}\s*(?:\/\s*\d{0,3}|[.):])\)?\s+/;

/** Cuts a too-long stretch into pieces of at most `max` characters: between sentences, else words, else anywhere. */
function pack(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const sentences = text.match(/[^.!?…]+(?:[.!?…]+["”’)]*|$)\s*/g) ?? [text];
  const pieces: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim()) pieces.push(current.trim());
    current = '';
  };
  for (const sentence of sentences) {
    const units = sentence.trim().length <= max ? [sentence] : sentence.split(/(?<=\s)/);
    for (const unit of units) {
      if ((current + unit).trim().length <= max) {
        current += unit;
        continue;
      }
      push();
      let rest = unit;
      // A single word longer than a post: cut it.
      while (rest.trim().length > max) {
        pieces.push(rest.trim().slice(0, max));
        rest = rest.trim().slice(max);
      }
      current = rest;
    }
  }
  push();
  return pieces;
}

/**
 * Threadify's posts, numbered "n/N" and each at most 280 characters with its number: the model's
 * own numbering is dropped, and a post too long for one is split between sentences (then words).
 * The total is recounted until the numbers' width is stable, since splitting adds posts.
 */
export function threadPosts(text: string, max: number = WORKSPACES.maxThreadPost): string[] {
  const bodies = splitParagraphs(text)
    .map((p) => p.replace(POST_NUMBER, '').trim())
    .filter(Boolean);
  let total = bodies.length;
  for (;;) {
    const budget = max - `${total}/${total} `.length;
    const posts = bodies.flatMap((body) => pack(body, budget));
    if (`${posts.length}`.length <= `${total}`.length || posts.length === 0) {
      return posts.map((post, i) => `${i + 1}/${posts.length} ${post}`);
    }
    total = posts.length;
  }
}

const paragraph = (text: string, id: string): DocJSON => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text }] });

/**
 * The variant document made of a model's answer: one paragraph per paragraph of the answer; one
 * per numbered post for Threadify; for Emailify the subject line first (added when the model left
 * its prefix out, so the subject is always the first line). The content writer validates it.
 */
export function variantDoc({ action, text, newId }: { action: VariantAction; text: string; newId: () => string }): DocJSON {
  let paragraphs = action === 'threadify' ? threadPosts(text) : splitParagraphs(text);
  if (action === 'emailify' && paragraphs[0] && !paragraphs[0].toLowerCase().startsWith(SUBJECT_PREFIX.toLowerCase())) {
    paragraphs = [`${SUBJECT_PREFIX} ${paragraphs[0]}`, ...paragraphs.slice(1)];
  }
  return { type: 'doc', content: paragraphs.map((p) => paragraph(p, newId())) };
}
