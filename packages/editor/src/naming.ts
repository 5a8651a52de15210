import { cleanName, nameLength } from '@bree/contracts';
import { cutAtPhrase } from './name-cut';
import type { DocJSON } from './document';

/** The longest name a document takes from its text, in characters (the user may choose longer ones). */
export const AUTO_NAME_MAX_LENGTH = 60;

/** A name taken from a document's text (without .txt), and whether that line is finished. */
export interface TextName {
  name: string;
  /**
   * The line is finished: something follows it (the writer pressed Enter), or it is longer
   * than a name may be, so the cut falls after a whole word. An unfinished line may still be
   * growing ("The quick br…"), so only a save made on leaving names a document after it.
   */
  settled: boolean;
}

/** The prefix that hides a file from the list (docs/PRODUCT.md#documents): a document never names itself into hiding. */
const HIDDEN_PREFIX = /^(?:__UNASSIGNED__)+/;

/**
 * A line of text made safe as a document name: cleaned like every name (`cleanName` in
 * packages/contracts: NFC, no bidi, zero-width or control characters), path separators become '-', spaces collapse, no leading dots or hiding prefix, no trailing '.', ',', ';'
 * or ':', at most AUTO_NAME_MAX_LENGTH characters cut where a sentence or clause ends, else after a whole
 * word that does not leave the phrase hanging (`cutAtPhrase`). '' when nothing is left.
 */
export function sanitizeName(line: string): { name: string; cut: boolean } {
  let name = cleanName(line)
    .replace(/[/\\]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  name = name.replace(HIDDEN_PREFIX, '').replace(/^[\s.]+/, '');
  const cut = nameLength(name) > AUTO_NAME_MAX_LENGTH;
  // Where a phrase ends, never on 'and the' nor inside a word (name-cut.ts).
  if (cut) name = cutAtPhrase({ text: name, max: AUTO_NAME_MAX_LENGTH });
  name = name.replace(/[\s.,;:]+$/, '');
  return { name, cut };
}

/** The lines of a document in order: each paragraph or heading split at its hard breaks. */
function linesOf(doc: DocJSON): string[] {
  const lines: string[] = [];
  const walk = (node: DocJSON) => {
    if (node.type === 'paragraph' || node.type === 'heading') {
      let line = '';
      for (const child of node.content ?? []) {
        if (child.type === 'hardBreak') {
          lines.push(line);
          line = '';
        } else if (child.type === 'text') line += child.text ?? '';
      }
      lines.push(line);
      return;
    }
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc);
  return lines;
}

/**
 * The name an Untitled document takes from its text: its first line with something to name it
 * by — the first heading when the document opens with one — made safe by `sanitizeName`.
 * null while the document has no such line.
 */
export function nameFromText(doc: DocJSON): TextName | null {
  const lines = linesOf(doc);
  for (let i = 0; i < lines.length; i++) {
    const { name, cut } = sanitizeName(lines[i]!);
    if (!name) continue;
    return { name, settled: cut || i < lines.length - 1 };
  }
  return null;
}
