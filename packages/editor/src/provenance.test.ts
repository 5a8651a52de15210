import type { ProvenanceAttrs } from '@bree/contracts';
import { generateHTML, generateJSON } from '@tiptap/html';
import { closeHistory, history, redo, undo } from '@tiptap/pm/history';
import { Fragment, Slice } from '@tiptap/pm/model';
import { EditorState, TextSelection, type Transaction } from '@tiptap/pm/state';
import { describe, expect, it } from 'vitest';
import type { DocJSON } from './document';
import { authorshipOfNode, markInsertedAsAi, PROVENANCE_MARK, provenanceGuard } from './provenance';
import { pastedTextSlice } from './paste';
import { breeExtensions, getBreeSchema } from './schema';

const schema = getBreeSchema();
const ATTRS: ProvenanceAttrs = { operationId: 'op-accept-1', action: 'enhance', tier: 'fast', at: '2026-11-28T04:00:00.000Z' };
const OTHER: ProvenanceAttrs = { operationId: 'op-chat-2', action: 'chat', tier: 'premium', at: '2026-11-28T04:05:00+01:00' };

const text = (t: string, attrs?: ProvenanceAttrs): DocJSON => ({ type: 'text', text: t, ...(attrs ? { marks: [{ type: PROVENANCE_MARK, attrs }] } : {}) });
const p = (...content: DocJSON[]): DocJSON => ({ type: 'paragraph', content });
const doc = (...content: DocJSON[]): DocJSON => ({ type: 'doc', content });
/** 'Hello ' typed by the writer, 'new words' accepted from the AI. */
const withAi = () => doc(p(text('Hello '), text('new words', ATTRS)));

/** An editor state with the guard and the undo history, as in the web editor. */
function stateOf(json: DocJSON): EditorState {
  return EditorState.create({ doc: schema.nodeFromJSON(json), plugins: [provenanceGuard(), history()] });
}

/** Applies one edit as its own undo step (as a pause between a writer's edits would make it). */
function edit(state: EditorState, change: (tr: Transaction) => unknown): EditorState {
  const tr = state.tr;
  change(tr);
  return state.apply(closeHistory(tr));
}

/** Accepts AI text the way the assistant does: `change` puts it in, markInsertedAsAi marks it. */
function accept(state: EditorState, change: (tr: Transaction) => unknown, attrs = ATTRS): EditorState {
  return edit(state, (tr) => {
    const fromStep = tr.steps.length;
    change(tr);
    markInsertedAsAi(tr, fromStep, attrs);
  });
}

/** Runs undo or redo against `state` and returns the state it dispatched. */
function run(state: EditorState, command: typeof undo): EditorState {
  let next = state;
  expect(command(state, (tr) => (next = state.apply(tr)))).toBe(true);
  return next;
}

/** The document's text blocks joined by ' | ': text with ATTRS in [ ], with OTHER in { }, with any other provenance in < >. */
function render(state: EditorState): string {
  const blocks: string[] = [];
  state.doc.descendants((block) => {
    if (!block.isTextblock) return true;
    let out = '';
    let open = '';
    block.forEach((child) => {
      const mark = child.marks.find((m) => m.type.name === PROVENANCE_MARK);
      // The schema orders the attributes as ATTRS and OTHER list them.
      const attrs = JSON.stringify(mark?.attrs);
      const kind = !mark ? '' : attrs === JSON.stringify(ATTRS) ? '[]' : attrs === JSON.stringify(OTHER) ? '{}' : '<>';
      if (kind !== open) out += open.charAt(1) + kind.charAt(0);
      open = kind;
      out += child.isText ? child.text : '⏎';
    });
    blocks.push(out + open.charAt(1));
    return false;
  });
  return blocks.join(' | ');
}

/** Position of the first occurrence of `needle` in a text block of the document (blocks of plain text only). */
function posOf(state: EditorState, needle: string): number {
  let found = -1;
  state.doc.descendants((node, pos) => {
    if (found >= 0 || !node.isTextblock) return found < 0;
    const index = node.textContent.indexOf(needle);
    if (index >= 0) found = pos + 1 + index;
    return false;
  });
  if (found < 0) throw new Error(`"${needle}" is not in the document`);
  return found;
}

const paragraphs = (...texts: string[]) => Fragment.from(texts.map((t) => schema.nodeFromJSON(p(text(t)))));

describe('accepting AI text', () => {
  it('marks exactly the inserted characters, with the attributes, and counts them', () => {
    const state = accept(stateOf(doc(p(text('Hello world')))), (tr) => tr.insertText(' new words', 12));
    expect(render(state)).toBe('Hello world[ new words]');
    expect(authorshipOfNode(state.doc)).toEqual({ textChars: 18, aiChars: 8 });
  });

  it('marks whole blocks put in between others', () => {
    const start = stateOf(doc(p(text('Intro.')), p(text('Outro.'))));
    const state = accept(start, (tr) => tr.replaceWith(8, 8, paragraphs('First idea.', 'Second idea.')), OTHER);
    expect(render(state)).toBe('Intro. | {First idea.} | {Second idea.} | Outro.');
  });

  it('marks a slice of several paragraphs opened into the text it lands in', () => {
    const start = stateOf(doc(p(text('Hello world'))));
    const state = accept(start, (tr) => tr.replace(7, 7, new Slice(paragraphs('first part.', 'Second part. '), 1, 1)));
    expect(render(state)).toBe('Hello [first part.] | [Second part. ]world');
  });

  it('leaves alone what the steps before fromStep put in', () => {
    const state = accept(stateOf(doc(p(text('Hello world')))), (tr) => tr.insertText(' more', 12));
    const both = edit(state, (tr) => {
      tr.insertText('Dear ', 1);
      markInsertedAsAi(tr.insertText(' again', tr.doc.content.size - 1), 1, OTHER);
    });
    expect(render(both)).toBe('Dear Hello world[ more]{ again}');
  });
});

describe('typing in AI text', () => {
  it('leaves the typed characters unmarked and both halves of the AI text marked', () => {
    const start = stateOf(withAi());
    expect(render(edit(start, (tr) => tr.insertText('x', posOf(start, 'w words'))))).toBe('Hello [ne]x[w words]');
  });

  it('never extends the mark at the end or the start of the AI text', () => {
    const start = stateOf(withAi());
    expect(render(edit(start, (tr) => tr.insertText('!', start.doc.content.size - 1)))).toBe('Hello [new words]!');
    expect(render(edit(start, (tr) => tr.insertText('the ', posOf(start, 'new'))))).toBe('Hello the [new words]');
    const first = stateOf(doc(p(text('AI first', ATTRS))));
    expect(render(edit(first, (tr) => tr.insertText('My ', 1)))).toBe('My [AI first]');
  });

  it('leaves unmarked what is typed at a cursor inside AI text, which inherits its marks', () => {
    const start = stateOf(withAi());
    const state = edit(start, (tr) => tr.setSelection(TextSelection.create(tr.doc, posOf(start, ' words'))).insertText(' fresh'));
    expect(render(state)).toBe('Hello [new] fresh[ words]');
  });
});

describe('retyping AI text', () => {
  it('unmarks a retyped word and takes its characters off the AI count', () => {
    const start = stateOf(withAi());
    expect(authorshipOfNode(start.doc)).toEqual({ textChars: 13, aiChars: 8 });
    const from = posOf(start, 'words');
    const state = edit(start, (tr) => tr.insertText('lines', from, from + 5));
    expect(render(state)).toBe('Hello [new ]lines');
    expect(authorshipOfNode(state.doc)).toEqual({ textChars: 13, aiChars: 3 });
  });

  it('unmarks only the retyped part of a word', () => {
    const start = stateOf(withAi());
    const from = posOf(start, 'ord');
    const state = edit(start, (tr) => tr.insertText('ORD', from, from + 3));
    expect(render(state)).toBe('Hello [new w]ORD[s]');
    expect(authorshipOfNode(state.doc)).toEqual({ textChars: 13, aiChars: 5 });
  });

  it('unmarks AI text retyped whole', () => {
    const start = stateOf(withAi());
    const state = edit(start, (tr) => tr.insertText('my words', posOf(start, 'new'), start.doc.content.size - 1));
    expect(render(state)).toBe('Hello my words');
    expect(authorshipOfNode(state.doc).aiChars).toBe(0);
  });
});

describe('splitting and joining blocks', () => {
  it('keeps the mark on both halves of AI text split by Enter', () => {
    const start = stateOf(withAi());
    const state = edit(start, (tr) => tr.split(posOf(start, 'words')));
    expect(render(state)).toBe('Hello [new ] | [words]');
    expect(authorshipOfNode(state.doc)).toEqual(authorshipOfNode(start.doc));
  });

  it('keeps the marks of both paragraphs when their boundary is deleted', () => {
    const start = stateOf(doc(p(text('Hello '), text('new', ATTRS)), p(text('words', ATTRS), text(' end'))));
    const boundary = posOf(start, 'words') - 2;
    expect(render(edit(start, (tr) => tr.delete(boundary, boundary + 2)))).toBe('Hello [newwords] end');
    const joined = stateOf(doc(p(text('Hello '), text('new', ATTRS)), p(text('words', OTHER), text(' end'))));
    expect(render(edit(joined, (tr) => tr.join(boundary + 1)))).toBe('Hello [new]{words} end');
  });

  it('keeps the marks of what remains when a selection across two paragraphs is deleted', () => {
    const start = stateOf(doc(p(text('Hello '), text('new', ATTRS)), p(text('words', OTHER), text(' end'))));
    const state = edit(start, (tr) => tr.delete(posOf(start, 'w'), posOf(start, 'ds')));
    expect(render(state)).toBe('Hello [ne]{ds} end');
  });

  it('keeps the mark when its block becomes a heading or a list item', () => {
    const start = stateOf(withAi());
    const heading = edit(start, (tr) => tr.setBlockType(1, 1, schema.nodes.heading!, { level: 2 }));
    expect(heading.doc.firstChild?.type.name).toBe('heading');
    expect(render(heading)).toBe('Hello [new words]');
    const range = start.doc.resolve(1).blockRange()!;
    const listed = edit(start, (tr) => tr.wrap(range, [{ type: schema.nodes.bulletList! }, { type: schema.nodes.listItem! }]));
    expect(listed.doc.firstChild?.type.name).toBe('bulletList');
    expect(render(listed)).toBe('Hello [new words]');
  });
});

describe('undo and redo', () => {
  it('takes accepted text out whole and brings it back marked', () => {
    const start = stateOf(doc(p(text('Hello world'))));
    const accepted = accept(start, (tr) => tr.insertText(' new words', 12));
    const undone = run(accepted, undo);
    expect(undone.doc.toJSON()).toEqual(start.doc.toJSON());
    expect(render(run(undone, redo))).toBe('Hello world[ new words]');
  });

  it('gives back the AI text whole and marked when typing inside it is undone', () => {
    const start = stateOf(withAi());
    const typed = edit(start, (tr) => tr.insertText('x', posOf(start, 'w words')));
    const undone = run(typed, undo);
    expect(render(undone)).toBe('Hello [new words]');
    expect(render(run(undone, redo))).toBe('Hello [ne]x[w words]');
  });

  it('gives back a retyped or deleted AI word marked', () => {
    const start = stateOf(withAi());
    const from = posOf(start, 'words');
    expect(
      render(
        run(
          edit(start, (tr) => tr.insertText('lines', from, from + 5)),
          undo,
        ),
      ),
    ).toBe('Hello [new words]');
    expect(
      render(
        run(
          edit(start, (tr) => tr.delete(from, from + 5)),
          undo,
        ),
      ),
    ).toBe('Hello [new words]');
  });
});

describe('pasting and dropping', () => {
  const marked = () => new Slice(Fragment.from(schema.nodeFromJSON(p(text('copied ', OTHER), text('mine')))), 1, 1);

  it('keeps the mark on AI text copied inside Bree, pasted or dropped', () => {
    for (const uiEvent of ['paste', 'drop']) {
      const start = stateOf(doc(p(text('Hello world'))));
      const state = edit(start, (tr) => tr.replace(7, 7, marked()).setMeta('uiEvent', uiEvent));
      expect(render(state), uiEvent).toBe('Hello {copied }mineworld');
    }
  });

  it('leaves plain text pasted from outside unmarked, even inside AI text', () => {
    const start = stateOf(withAi());
    const state = edit(start, (tr) =>
      tr.replace(posOf(start, ' words'), posOf(start, ' words'), pastedTextSlice(schema, 'from elsewhere')).setMeta('uiEvent', 'paste'),
    );
    expect(render(state)).toBe('Hello [new]from elsewhere[ words]');
  });

  it('carries the attributes through the HTML of a copy inside Bree, and finds none in HTML from outside', () => {
    const html = generateHTML(doc(p(text('copied ', OTHER), text('mine'))), breeExtensions());
    expect(html).toContain('data-ai-operation="op-chat-2"');
    const outsideHtml = '<p><span class="bree-ai-text" data-ai-action="chat">from</span> elsewhere</p>';
    for (const [source, expected] of [
      [html, 'Hello {copied }mineworld'],
      [outsideHtml, 'Hello from elsewhereworld'],
    ]) {
      const pasted = schema.nodeFromJSON(generateJSON(source!, breeExtensions()));
      const state = edit(stateOf(doc(p(text('Hello world')))), (tr) => tr.replace(7, 7, new Slice(pasted.content, 1, 1)).setMeta('uiEvent', 'paste'));
      expect(render(state)).toBe(expected);
    }
  });

  it('removes the mark from marked text an ordinary edit puts in', () => {
    const start = stateOf(doc(p(text('Hello world'))));
    expect(render(edit(start, (tr) => tr.replace(7, 7, marked())))).toBe('Hello copied mineworld');
  });
});

describe('deleting and formatting AI text', () => {
  it('keeps the mark on what remains of deleted AI text', () => {
    const start = stateOf(withAi());
    const state = edit(start, (tr) => tr.delete(posOf(start, 'new'), posOf(start, 'words')));
    expect(render(state)).toBe('Hello [words]');
    expect(authorshipOfNode(state.doc)).toEqual({ textChars: 10, aiChars: 5 });
  });

  it('keeps the mark under bold added and removed', () => {
    const start = stateOf(withAi());
    const bold = schema.marks.bold!;
    const [from, to] = [posOf(start, 'o'), posOf(start, 'ords')];
    const state = edit(start, (tr) => tr.addMark(from, to, bold.create()));
    expect(state.doc.rangeHasMark(from, to, bold)).toBe(true);
    expect(state.doc.rangeHasMark(from, to, schema.marks[PROVENANCE_MARK]!)).toBe(true);
    expect(render(state)).toBe('Hello [new words]');
    expect(authorshipOfNode(state.doc)).toEqual({ textChars: 13, aiChars: 8 });
    const plain = edit(state, (tr) => tr.removeMark(0, tr.doc.content.size, bold));
    expect(plain.doc.rangeHasMark(0, plain.doc.content.size, bold)).toBe(false);
    expect(render(plain)).toBe('Hello [new words]');
  });
});
