import { TEXT_BLOCKS } from '@bree/editor';
import type { Node as PMNode } from '@tiptap/pm/model';

/** A document's plain text with, for each character, its ProseMirror position (-1 between blocks). */
export interface PlainTextMap {
  text: string;
  positions: Int32Array;
}

const BLOCK_SEPARATOR = '\n\n';

/**
 * The document's plain text exactly as `toPlainText` (packages/editor) makes it — the text the
 * server stores as `content_text` and counts passage offsets in — with each character's position
 * in the editor's document, so an offset found by the server can be shown in the editor.
 */
export function plainTextWithPositions(doc: PMNode): PlainTextMap {
  const chars: string[] = [];
  const positions: number[] = [];
  let blockCount = 0;
  const inline = (node: PMNode, contentStart: number) => {
    node.forEach((child, offset) => {
      const at = contentStart + offset;
      if (child.isText) {
        const text = child.text ?? '';
        for (let i = 0; i < text.length; i++) {
          chars.push(text[i]!);
          positions.push(at + i);
        }
      } else if (child.type.name === 'hardBreak') {
        chars.push('\n');
        positions.push(at);
      } else if (child.content.size > 0) {
        inline(child, at + 1);
      }
    });
  };
  const walk = (node: PMNode, contentStart: number) => {
    node.forEach((child, offset) => {
      const at = contentStart + offset;
      if (TEXT_BLOCKS.includes(child.type.name)) {
        if (blockCount++ > 0) {
          for (const c of BLOCK_SEPARATOR) {
            chars.push(c);
            positions.push(-1);
          }
        }
        inline(child, at + 1);
      } else {
        walk(child, at + 1);
      }
    });
  };
  walk(doc, 0);
  return trimmed(collapsedNewlines(chars, positions));
}

/** `.replace(/\n{3,}/g, '\n\n')`, keeping each kept character's position. */
function collapsedNewlines(chars: string[], positions: number[]): { chars: string[]; positions: number[] } {
  const outChars: string[] = [];
  const outPositions: number[] = [];
  let run = 0;
  for (let i = 0; i < chars.length; i++) {
    run = chars[i] === '\n' ? run + 1 : 0;
    // A run of three or more newlines becomes its first two: later ones of the run are dropped.
    if (run > 2) continue;
    outChars.push(chars[i]!);
    outPositions.push(positions[i]!);
  }
  return { chars: outChars, positions: outPositions };
}

/** `.trim()`, keeping each kept character's position. */
function trimmed({ chars, positions }: { chars: string[]; positions: number[] }): PlainTextMap {
  const joined = chars.join('');
  const text = joined.trim();
  const start = joined.length - joined.trimStart().length;
  return { text, positions: Int32Array.from(positions.slice(start, start + text.length)) };
}

/** A ProseMirror range to select. */
export interface DocRange {
  from: number;
  to: number;
}

/** The closest occurrence of `words` to `near` in `text` (case-insensitive when lower-casing keeps lengths), or -1. */
function closestOccurrence(text: string, words: string, near: number): number {
  const lowerText = text.toLowerCase();
  const lowerWords = words.toLowerCase();
  const [hay, needle] = lowerText.length === text.length && lowerWords.length === words.length ? [lowerText, lowerWords] : [text, words];
  let best = -1;
  for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) {
    if (best === -1 || Math.abs(at - near) < Math.abs(best - near)) best = at;
    if (at > near) break;
  }
  return best;
}

/** The position of the first character at or after plain-text index `index` (the document's end past the text). */
function positionAtOrAfter(map: PlainTextMap, index: number, docEnd: number): number {
  for (let i = Math.max(0, index); i < map.positions.length; i++) if (map.positions[i]! >= 0) return map.positions[i]!;
  return docEnd;
}

/** The position just after the last character at or before plain-text index `index`. */
function positionAfter(map: PlainTextMap, index: number, fallback: number): number {
  for (let i = Math.min(index, map.positions.length - 1); i >= 0; i--) if (map.positions[i]! >= 0) return map.positions[i]! + 1;
  return fallback;
}

/**
 * Where a search result's words are in the editor's document: at the server's plain-text offset
 * when the words are still there, else their occurrence nearest to it (the text may have changed
 * since it was indexed), else an empty range at the offset; null when there is nothing to show.
 */
export function locatePassage(doc: PMNode, target: { offset: number | null; words: string }): DocRange | null {
  const map = plainTextWithPositions(doc);
  const docEnd = Math.max(1, doc.content.size - 1);
  const near = target.offset === null ? 0 : Math.min(target.offset, map.text.length);
  const words = target.words;
  if (words.length > 0 && map.text.length > 0) {
    const exact = target.offset !== null && map.text.slice(near, near + words.length).toLowerCase() === words.toLowerCase();
    const start = exact ? near : closestOccurrence(map.text, words, near);
    if (start !== -1) {
      const from = positionAtOrAfter(map, start, docEnd);
      return { from, to: Math.max(from, positionAfter(map, start + words.length - 1, from)) };
    }
  }
  if (target.offset === null) return null;
  const at = positionAtOrAfter(map, near, docEnd);
  return { from: at, to: at };
}
