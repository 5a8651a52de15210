/**
 * What the '/' menu offers and how typing after the slash narrows it (docs/PRODUCT.md#editor,
 * "The '/' menu"). Pure: the menu's list (SlashMenu) and its tests read it.
 */
import type { AiAction } from '@bree/contracts';

/** 'Review' runs without AI (docs/CHECKS.md): it stays available on a server without a provider. */
export type SlashGroup = 'Blocks' | 'Assistant' | 'Review';

/** What picking an item does: a block style of the schema, or one of the assistant's actions. */
export type SlashCommand =
  | { kind: 'paragraph' }
  | { kind: 'heading'; level: 1 | 2 | 3 }
  | { kind: 'bulletList' }
  | { kind: 'orderedList' }
  | { kind: 'taskList' }
  | { kind: 'blockquote' }
  | { kind: 'codeBlock' }
  | { kind: 'horizontalRule' }
  /** The file chooser, then the image's upload at the caret (docs/IMAGES.md). */
  | { kind: 'image' }
  /** A 3×3 table with a header row, the caret in its first cell. */
  | { kind: 'table' }
  | { kind: 'askAi' }
  /** 'Check my draft': the Checks panel over the whole document. */
  | { kind: 'checkDraft' }
  /** An action at the caret, or (rewrites) on the whole paragraph the slash was typed in. */
  | { kind: 'assistant'; action: AiAction; paragraph: boolean };

export interface SlashItem {
  id: string;
  group: SlashGroup;
  label: string;
  /** One short line under the name: what it does. */
  hint: string;
  /** Other words it is found by ('ul', 'title', 'ai'…). */
  keywords: readonly string[];
  command: SlashCommand;
}

/** Every item, in the menu's order. Only blocks the document schema has (packages/editor, EDITOR_VERSION 3). */
export const SLASH_ITEMS: readonly SlashItem[] = [
  { id: 'paragraph', group: 'Blocks', label: 'Text', hint: 'Plain paragraph', keywords: ['paragraph', 'normal', 'plain'], command: { kind: 'paragraph' } },
  { id: 'h1', group: 'Blocks', label: 'Heading 1', hint: 'Large section heading', keywords: ['title', 'h1'], command: { kind: 'heading', level: 1 } },
  { id: 'h2', group: 'Blocks', label: 'Heading 2', hint: 'Medium section heading', keywords: ['subtitle', 'h2'], command: { kind: 'heading', level: 2 } },
  { id: 'h3', group: 'Blocks', label: 'Heading 3', hint: 'Small section heading', keywords: ['h3'], command: { kind: 'heading', level: 3 } },
  {
    id: 'bulletList',
    group: 'Blocks',
    label: 'Bulleted list',
    hint: 'A list with bullets',
    keywords: ['unordered', 'ul', 'points'],
    command: { kind: 'bulletList' },
  },
  { id: 'orderedList', group: 'Blocks', label: 'Numbered list', hint: 'A list with numbers', keywords: ['ordered', 'ol'], command: { kind: 'orderedList' } },
  {
    id: 'taskList',
    group: 'Blocks',
    label: 'Checklist',
    hint: 'A list with checkboxes',
    keywords: ['todo', 'task', 'checkbox'],
    command: { kind: 'taskList' },
  },
  { id: 'blockquote', group: 'Blocks', label: 'Quote', hint: 'Set a passage apart', keywords: ['citation', 'quotation'], command: { kind: 'blockquote' } },
  {
    id: 'horizontalRule',
    group: 'Blocks',
    label: 'Divider',
    hint: 'A line between sections',
    keywords: ['rule', 'hr', 'separator', 'line'],
    command: { kind: 'horizontalRule' },
  },
  {
    id: 'codeBlock',
    group: 'Blocks',
    label: 'Code block',
    hint: 'Monospace text, as typed',
    keywords: ['code', 'pre', 'snippet'],
    command: { kind: 'codeBlock' },
  },
  { id: 'image', group: 'Blocks', label: 'Image', hint: 'Upload a picture', keywords: ['picture', 'photo', 'img', 'upload'], command: { kind: 'image' } },
  { id: 'table', group: 'Blocks', label: 'Table', hint: 'Rows and columns', keywords: ['grid', 'columns', 'rows'], command: { kind: 'table' } },
  {
    id: 'askAi',
    group: 'Assistant',
    label: 'Ask AI…',
    hint: 'Write anything from an instruction',
    keywords: ['ai', 'prompt', 'instruction'],
    command: { kind: 'askAi' },
  },
  {
    id: 'fill-paragraph',
    group: 'Assistant',
    label: 'Fill Paragraph',
    hint: 'Write the paragraph that belongs here',
    keywords: ['ai', 'write', 'complete'],
    command: { kind: 'assistant', action: 'fill-paragraph', paragraph: false },
  },
  {
    id: 'add-content',
    group: 'Assistant',
    label: 'Add Content',
    hint: 'Continue the text from here',
    keywords: ['ai', 'write', 'continue'],
    command: { kind: 'assistant', action: 'add-content', paragraph: false },
  },
  {
    id: 'fill-sentence',
    group: 'Assistant',
    label: 'Fill Sentence',
    hint: 'Finish the sentence at the caret',
    keywords: ['ai', 'write', 'complete'],
    command: { kind: 'assistant', action: 'fill-sentence', paragraph: false },
  },
  {
    id: 'expand',
    group: 'Assistant',
    label: 'Expand paragraph',
    hint: 'Rewrite this paragraph longer',
    keywords: ['ai', 'longer', 'rewrite'],
    command: { kind: 'assistant', action: 'expand', paragraph: true },
  },
  {
    id: 'enhance',
    group: 'Assistant',
    label: 'Enhance paragraph',
    hint: 'Polish this paragraph in your voice',
    keywords: ['ai', 'improve', 'rewrite'],
    command: { kind: 'assistant', action: 'enhance', paragraph: true },
  },
  {
    id: 'shrink',
    group: 'Assistant',
    label: 'Shrink paragraph',
    hint: 'Rewrite this paragraph shorter',
    keywords: ['ai', 'shorter', 'rewrite'],
    command: { kind: 'assistant', action: 'shrink', paragraph: true },
  },
  {
    id: 'check-draft',
    group: 'Review',
    label: 'Check my draft',
    hint: 'Style, your voice and AI checks',
    keywords: ['checks', 'review', 'proofread', 'style'],
    command: { kind: 'checkDraft' },
  },
];

/** After this many characters typed with nothing matching, the menu closes and the text stays as typed. */
export const SLASH_GIVE_UP_AFTER = 3;

/**
 * The items offered where the slash was typed: the paragraph rewrites only when the paragraph
 * has words of its own to rewrite (besides the '/query'), since a rewrite needs text.
 */
export function slashItemsFor({ paragraphHasText }: { paragraphHasText: boolean }): SlashItem[] {
  return SLASH_ITEMS.filter((item) => paragraphHasText || !(item.command.kind === 'assistant' && item.command.paragraph));
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s…]+/)
    .filter(Boolean);

/** True when `query` runs through `text`'s words in order, each part starting a word ('bl' → 'Bulleted list', 'h2' → 'Heading 2'). */
function initialsMatch(query: string, parts: string[]): boolean {
  const go = (q: string, i: number): boolean => {
    if (q === '') return true;
    for (let w = i; w < parts.length; w += 1) {
      const part = parts[w]!;
      // Take as much of this word as the query goes on with, then go on with the next words.
      for (let n = Math.min(part.length, q.length); n >= 1; n -= 1) if (part.startsWith(q.slice(0, n)) && go(q.slice(n), w + 1)) return true;
    }
    return false;
  };
  return go(query, 0);
}

/** How well `query` names `item`: higher is better, 0 is no match. */
export function slashScore({ item, query }: { item: SlashItem; query: string }): number {
  const q = query.toLowerCase().trim();
  if (q === '') return 1;
  const label = item.label.toLowerCase();
  if (label.startsWith(q)) return 100;
  const labelWords = words(label);
  if (labelWords.some((w) => w.startsWith(q))) return 80;
  if (item.keywords.some((k) => k.startsWith(q))) return 60;
  if (initialsMatch(q, labelWords)) return 40;
  return 0;
}

/** The items `query` names, best first; equally good ones keep the menu's order (so its groups stay together). */
export function filterSlashItems({ items, query }: { items: readonly SlashItem[]; query: string }): SlashItem[] {
  return items
    .map((item, index) => ({ item, index, score: slashScore({ item, query }) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((r) => r.item);
}

/**
 * True once the query has gone SLASH_GIVE_UP_AFTER characters past the last point where something
 * matched: the writer is typing a word, not choosing, so the menu leaves.
 */
export function slashGivesUp({ items, query }: { items: readonly SlashItem[]; query: string }): boolean {
  let matched = query.length;
  while (matched > 0 && filterSlashItems({ items, query: query.slice(0, matched) }).length === 0) matched -= 1;
  return query.length - matched >= SLASH_GIVE_UP_AFTER;
}

/** The items as the menu shows them: in groups, each group once, in the order of its best item. */
export function groupSlashItems(items: readonly SlashItem[]): { group: SlashGroup; items: SlashItem[] }[] {
  const groups: { group: SlashGroup; items: SlashItem[] }[] = [];
  for (const item of items) {
    const found = groups.find((g) => g.group === item.group);
    if (found) found.items.push(item);
    else groups.push({ group: item.group, items: [item] });
  }
  return groups;
}
