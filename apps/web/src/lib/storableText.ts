import { hasUnstorableText, replaceUnstorableText } from '@bree/contracts';
import type { DocJSON } from '@bree/editor';
import { Extension } from '@tiptap/core';
import { Fragment, Slice, type Node as PMNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';

/**
 * The server refuses text it cannot store (NUL, broken surrogate pairs) with 400 `invalid_text`.
 * Text only arrives in Bree with such characters by paste, drop or import, so those are where the
 * web app replaces them with U+FFFD: a writer's save is never refused for a character they cannot see.
 */
export function cleanDocText(doc: DocJSON): DocJSON {
  const text = doc.text !== undefined && hasUnstorableText(doc.text) ? replaceUnstorableText(doc.text) : doc.text;
  const content = doc.content?.map(cleanDocText);
  const changed = text !== doc.text || (content !== undefined && content.some((child, i) => child !== doc.content![i]));
  return changed ? { ...doc, ...(text !== undefined ? { text } : {}), ...(content ? { content } : {}) } : doc;
}

function cleanFragment(fragment: Fragment): Fragment {
  const nodes: PMNode[] = [];
  let changed = false;
  fragment.forEach((node) => {
    let next = node;
    if (node.isText && hasUnstorableText(node.text ?? '')) next = node.type.schema.text(replaceUnstorableText(node.text ?? ''), node.marks);
    else if (node.content.size > 0) {
      const inner = cleanFragment(node.content);
      if (inner !== node.content) next = node.copy(inner);
    }
    changed ||= next !== node;
    nodes.push(next);
  });
  return changed ? Fragment.fromArray(nodes) : fragment;
}

/** The editor side of the rule: pasted and dropped text arrives without unstorable characters. */
export const StorableText = Extension.create({
  name: 'storableText',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('storableText'),
        props: {
          transformPastedText: (text) => replaceUnstorableText(text),
          transformPasted: (slice) => {
            const content = cleanFragment(slice.content);
            return content === slice.content ? slice : new Slice(content, slice.openStart, slice.openEnd);
          },
        },
      }),
    ];
  },
});
