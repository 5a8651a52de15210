import type { Node as PmNode } from '@tiptap/pm/model';

/** One entry of the outline: a heading of the document (docs/PRODUCT.md#editor, "Outline"). */
export interface OutlineHeading {
  /** 1–3: deeper headings stay out of the outline. */
  level: number;
  /** The heading's text as written. */
  text: string;
  /** The heading node's position in the document. */
  pos: number;
}

/** The deepest heading level the outline lists. */
export const OUTLINE_MAX_LEVEL = 3;

/**
 * The document's H1–H3 headings, in order. Walks blocks only (never into a block's text), so it
 * costs one step per block: cheap enough to run on each transaction that changes the document.
 * Empty headings are left out: an entry without words could not be read or chosen.
 */
export function outlineHeadings({ doc }: { doc: PmNode }): OutlineHeading[] {
  const headings: OutlineHeading[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === 'heading') {
      const level = Number(node.attrs.level);
      const text = node.textContent;
      if (level >= 1 && level <= OUTLINE_MAX_LEVEL && text.trim() !== '') headings.push({ level, text, pos });
      return false;
    }
    // Containers (lists, quotes) may hold headings; a text block's inline content never does.
    return !node.isTextblock && !node.isAtom;
  });
  return headings;
}

/** Whether two outlines read the same (levels and texts; positions aside), so the list need not re-render. */
export function sameOutline({ a, b }: { a: readonly OutlineHeading[]; b: readonly OutlineHeading[] }): boolean {
  return a.length === b.length && a.every((h, i) => h.level === b[i]!.level && h.text === b[i]!.text);
}

/** The index of the heading whose section holds `pos` (the last heading at or before it), or -1. */
export function sectionAt({ headings, pos }: { headings: readonly OutlineHeading[]; pos: number }): number {
  let found = -1;
  for (let i = 0; i < headings.length && headings[i]!.pos <= pos; i++) found = i;
  return found;
}

/**
 * The current section of the outline (docs/PRODUCT.md#editor, "Outline"): the last heading above
 * the top of the visible text (`slack` pixels of grace, so a heading just scrolled to the top
 * counts). The caret's section wins while its heading is on screen, so choosing a heading near the
 * end of a document, which cannot scroll to the top, still highlights that heading. -1: none yet.
 * `tops` are the headings' tops on screen, in document order.
 */
export function currentSection({
  tops,
  viewTop,
  viewBottom,
  slack,
  caretSection,
}: {
  tops: readonly number[];
  viewTop: number;
  viewBottom: number;
  slack: number;
  caretSection: number;
}): number {
  const caretTop = caretSection >= 0 ? tops[caretSection] : undefined;
  if (caretTop !== undefined && caretTop >= viewTop - slack && caretTop < viewBottom) return caretSection;
  let found = -1;
  for (let i = 0; i < tops.length && tops[i]! <= viewTop + slack; i++) found = i;
  return found;
}
