import type { DocJSON } from '@bree/editor';

const CHECKBOX_TEXT = /^\s*([☐☑☒])\s?/;

function firstMeaningful(el: Element): ChildNode | null {
  for (const child of Array.from(el.childNodes)) {
    if (child.nodeType === 3 && !(child.textContent ?? '').trim()) continue;
    return child;
  }
  return null;
}

// The checkbox that opens an item: directly (GFM's tight list, Bree's own HTML) or in its first paragraph (a loose list).
function leadingCheckbox(li: Element): HTMLInputElement | null {
  let first = firstMeaningful(li);
  if (first instanceof Element && first.tagName === 'P') first = firstMeaningful(first);
  return first instanceof Element && first.tagName === 'INPUT' && first.getAttribute('type') === 'checkbox' ? (first as HTMLInputElement) : null;
}

function trimLeadingSpace(node: ChildNode | null): void {
  if (node?.nodeType === 3) node.textContent = (node.textContent ?? '').replace(/^\s+/, '');
}

/** `<li><input type="checkbox" checked> text</li>` lists → the schema's checklist markup; a list only partly ticked-off stays a list. */
function taskLists(root: HTMLElement): void {
  for (const list of Array.from(root.querySelectorAll('ul, ol'))) {
    const items = Array.from(list.children).filter((c) => c.tagName === 'LI');
    const boxes = items.map(leadingCheckbox);
    if (items.length === 0 || boxes.some((box) => !box)) continue;
    list.setAttribute('data-type', 'taskList');
    items.forEach((li, i) => {
      const box = boxes[i]!;
      li.setAttribute('data-type', 'taskItem');
      li.setAttribute('data-checked', box.hasAttribute('checked') ? 'true' : 'false');
      const after = box.nextSibling;
      box.remove();
      trimLeadingSpace(after);
    });
  }
}

function firstText(el: Element): Text | null {
  const walker = el.ownerDocument.createTreeWalker(el, 4);
  return walker.nextNode() as Text | null;
}

/** Word paragraphs opening with '☐ ' or '☑ ' (how Bree's DOCX export writes a checklist) → checklist items. */
function checkboxParagraphs(root: HTMLElement): void {
  const doc = root.ownerDocument;
  const isTask = (el: Element | null) => el?.tagName === 'P' && CHECKBOX_TEXT.test(el.textContent ?? '');
  for (const paragraph of Array.from(root.querySelectorAll('p'))) {
    // Already gathered into a checklist with the paragraph before it, or an item's text: left alone.
    if (!isTask(paragraph) || paragraph.closest('li')) continue;
    const list = doc.createElement('ul');
    list.setAttribute('data-type', 'taskList');
    paragraph.before(list);
    let current: Element | null = paragraph;
    while (isTask(current)) {
      const next: Element | null = current!.nextElementSibling;
      const text = firstText(current!);
      const mark = CHECKBOX_TEXT.exec(text?.textContent ?? '');
      if (text && mark) text.textContent = (text.textContent ?? '').slice(mark[0].length);
      const item = doc.createElement('li');
      item.setAttribute('data-type', 'taskItem');
      item.setAttribute('data-checked', mark?.[1] === '☐' ? 'false' : 'true');
      item.append(current!);
      list.append(item);
      current = next;
    }
  }
}

/**
 * The sanitised DOM reshaped into the markup the schema reads for the blocks of EDITOR_VERSION 3
 * (docs/PRODUCT.md#import): checklists from GFM, HTML and Word, code lines kept apart, and every
 * checkbox that was not a checklist's dropped.
 */
export function reshapeBlocks(root: HTMLElement): void {
  for (const br of Array.from(root.querySelectorAll('pre br'))) br.replaceWith('\n');
  // The newline that closes the last line of a <pre> is not a line of the code.
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    const walker = root.ownerDocument.createTreeWalker(pre, 4);
    let last: Node | null = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) last = node;
    if (last) last.textContent = (last.textContent ?? '').replace(/\n$/, '');
  }
  taskLists(root);
  checkboxParagraphs(root);
  for (const input of Array.from(root.querySelectorAll('input'))) input.remove();
}

/** The code languages of the sanitised DOM's code blocks, in order (`language-ts` → 'ts'). */
export function codeLanguagesOf(root: HTMLElement): (string | null)[] {
  return Array.from(root.querySelectorAll('pre')).map((pre) => /(?:^|\s)language-(\S+)/.exec(pre.querySelector('code')?.className ?? '')?.[1] ?? null);
}

/** Gives the parsed code blocks the languages the source named (the schema's parser reads none), when they line up one to one. */
export function withCodeLanguages(doc: DocJSON, languages: (string | null)[]): DocJSON {
  const blocks: DocJSON[] = [];
  const walk = (node: DocJSON): void => {
    if (node.type === 'codeBlock') blocks.push(node);
    node.content?.forEach(walk);
  };
  walk(doc);
  if (blocks.length !== languages.length) return doc;
  blocks.forEach((block, i) => {
    if (languages[i] && !block.attrs?.language) block.attrs = { ...block.attrs, language: languages[i] };
  });
  return doc;
}
