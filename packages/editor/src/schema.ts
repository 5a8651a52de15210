import { Extension, getSchema, type AnyExtension } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableCell } from '@tiptap/extension-table/cell';
import { TableHeader } from '@tiptap/extension-table/header';
import { TableRow } from '@tiptap/extension-table/row';
import StarterKit from '@tiptap/starter-kit';
import { BreeImage } from './image';
import { AiProvenance, PROVENANCE_ATTRIBUTES } from './provenance';
import { BreeTable } from './table';

/**
 * Bumped whenever the document schema changes shape; stored beside saved documents. Each version
 * only adds to the one before, so an older document loads unchanged. 2: the AI provenance mark. 3: block quote,
 * task list (checkboxes), horizontal rule and code block (docs/PRODUCT.md#editor). 4: image and table.
 */
export const EDITOR_VERSION = 4;

/** Block node types that carry a unique `id` attribute. */
export const BLOCK_TYPES = [
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'taskList',
  'taskItem',
  'codeBlock',
  'horizontalRule',
  'image',
  'table',
] as const;

/** A table cell spans at most this many rows or columns. */
export const MAX_CELL_SPAN = 20;

/** A code block's language: a short lowercase name (`ts`, `c++`, `objective-c`); anything else is dropped. */
export const CODE_LANGUAGE_PATTERN = /^[a-z0-9+-]{1,32}$/;

/** Link targets Bree accepts: anything else is dropped (no javascript:, data:, file:…). */
export const ALLOWED_LINK_PROTOCOLS = ['http', 'https', 'mailto'] as const;

/** True for an href Bree will keep on a link. */
export function isAllowedHref(href: unknown): href is string {
  if (typeof href !== 'string' || href.length > 2048) return false;
  try {
    const url = new URL(href);
    return (ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(url.protocol.replace(/:$/, ''));
  } catch {
    return false;
  }
}

/**
 * The attributes a writer chooses, per node or mark type: everything else a client sends
 * (a link's class, style, target or rel; an ordered list's type) is dropped before validation,
 * so stored documents and their exports carry only these and the schema's own defaults.
 */
export const WRITER_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  paragraph: ['id', 'isFirstParagraph'],
  heading: ['id', 'level'],
  bulletList: ['id'],
  orderedList: ['id', 'start'],
  listItem: ['id'],
  blockquote: ['id'],
  taskList: ['id'],
  taskItem: ['id', 'checked'],
  codeBlock: ['id', 'language'],
  horizontalRule: ['id'],
  image: ['id', 'src', 'alt', 'caption', 'size'],
  table: ['id'],
  tableRow: [],
  tableHeader: ['colspan', 'rowspan'],
  tableCell: ['colspan', 'rowspan'],
  link: ['href'],
  aiProvenance: PROVENANCE_ATTRIBUTES,
};

/** The part of a DOM element the attribute parsers read (the server has no DOM types). */
interface AttrSource {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}

/** The `id` on every block, and the first-paragraph marker that pasted content carries. */
const BlockAttributes = Extension.create({
  name: 'breeBlockAttributes',
  addGlobalAttributes() {
    return [
      {
        types: [...BLOCK_TYPES],
        attributes: {
          id: {
            default: null,
            parseHTML: (el: AttrSource) => el.getAttribute('data-id'),
            renderHTML: (attrs: Record<string, unknown>) => (attrs.id ? { 'data-id': String(attrs.id) } : {}),
          },
        },
      },
      {
        types: ['paragraph'],
        attributes: {
          isFirstParagraph: {
            default: null,
            parseHTML: (el: AttrSource) => (el.hasAttribute('data-is-first-paragraph') ? true : null),
            renderHTML: (attrs: Record<string, unknown>) => (attrs.isFirstParagraph ? { 'data-is-first-paragraph': 'true' } : {}),
          },
        },
      },
    ];
  },
});

/**
 * The schema-only extensions of Bree's document: shared by the web editor (which adds
 * behaviour on top) and the server (validation, HTML for share pages).
 */
export function breeExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      // Plain code, no highlighting; a named language is written and read as `class="language-x"`, the
      // class Markdown writers (turndown's fence) and highlighters read. (null here rendered `class="nullts"`.)
      codeBlock: { languageClassPrefix: 'language-', HTMLAttributes: { spellcheck: 'false' } },
      dropcursor: false,
      gapcursor: false,
      undoRedo: false,
      trailingNode: false,
      listKeymap: false,
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      link: {
        openOnClick: false,
        autolink: true,
        protocols: [...ALLOWED_LINK_PROTOCOLS],
        isAllowedUri: (url: string) => isAllowedHref(url),
        // Every link opens in a new tab without handing the opener to the page it opens.
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
      },
    }),
    TaskList,
    // Checklists nest like lists (Tab / Shift+Tab in the editor).
    TaskItem.configure({
      nested: true,
      // A screen reader hears the item's words with its checkbox (its state is the checkbox's own).
      a11y: { checkboxLabel: (node) => node.textContent.trim() || 'Empty checklist item' },
    }),
    BreeImage,
    // A table's cells hold paragraphs (no nested tables, images or lists); columns take the text's width.
    BreeTable,
    TableRow,
    TableHeader.extend({ content: 'paragraph+' }),
    TableCell.extend({ content: 'paragraph+' }),
    BlockAttributes,
    AiProvenance,
  ];
}

let cached: Schema | null = null;

/** The ProseMirror schema of a Bree document (built once). */
export function getBreeSchema(): Schema {
  cached ??= getSchema(breeExtensions());
  return cached;
}
