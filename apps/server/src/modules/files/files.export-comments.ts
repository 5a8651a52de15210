import type { DocJSON } from '@bree/editor';

/**
 * Comments in exports, when the writer asks (docs/COLLABORATION.md "Comments"). Comments are not
 * document text: the files module knows no comments table, so whoever asks for an export passes the
 * document's threads (`ExportCommentSource`, the comments module's), as plain data that crosses to a
 * worker thread with the document. They are written after the text as a 'Comments' section of
 * ordinary blocks, so every format (.txt, .md, .html, .docx) renders them the same way.
 */
export interface ExportedComment {
  authorName: string;
  body: string;
  /** ISO 8601. */
  createdAt: string;
}
export interface ExportedThread {
  anchor: { blockId: string; start: number; quote: string };
  anchorDeleted: boolean;
  resolvedBy: string | null;
  resolvedAt: string | null;
  comments: ExportedComment[];
}

/** The threads of one document of the owner's tenant, oldest first. */
export type ExportCommentSource = (args: { tenantId: string; fileId: string }) => Promise<ExportedThread[]>;

// One calendar for every reader of the file: the server's locale and zone are nobody's in particular.
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dateOf = (iso: string) => DATE.format(new Date(iso));

const text = (value: string, marks?: DocJSON['marks']): DocJSON => ({ type: 'text', text: value, ...(marks ? { marks } : {}) });
const paragraph = (content: DocJSON[]): DocJSON => ({ type: 'paragraph', ...(content.length ? { content } : {}) });

/** A comment's lines as text with hard breaks (a blank line stays a break, never an empty text node). */
function withBreaks(body: string): DocJSON[] {
  return body.split('\n').flatMap((line, i) => [...(i > 0 ? [{ type: 'hardBreak' }] : []), ...(line ? [text(line)] : [])]);
}

/** Block ids in reading order: a thread is placed where its words are. */
function blockOrder(doc: DocJSON): Map<string, number> {
  const order = new Map<string, number>();
  const walk = (node: DocJSON) => {
    const id = node.attrs?.id;
    if (typeof id === 'string' && !order.has(id)) order.set(id, order.size);
    node.content?.forEach(walk);
  };
  walk(doc);
  return order;
}

function threadBlocks(thread: ExportedThread): DocJSON[] {
  const quote = thread.anchorDeleted ? `On deleted text: “${thread.anchor.quote}”` : `“${thread.anchor.quote}”`;
  const blocks: DocJSON[] = [{ type: 'blockquote', content: [paragraph([text(quote)])] }];
  for (const comment of thread.comments) {
    blocks.push(paragraph([text(comment.authorName, [{ type: 'bold' }]), text(` · ${dateOf(comment.createdAt)}: `), ...withBreaks(comment.body)]));
  }
  if (thread.resolvedAt) {
    const by = thread.resolvedBy ? ` by ${thread.resolvedBy}` : '';
    blocks.push(paragraph([text(`Resolved${by} · ${dateOf(thread.resolvedAt)}`, [{ type: 'italic' }])]));
  }
  return blocks;
}

/**
 * The document followed by its comments: a divider, a 'Comments' heading, then each thread in the
 * order of the words it is on (threads on deleted text last) — the quoted words, each comment with
 * its author and day, and who resolved it. A document without threads is returned as it is.
 */
export function withCommentsAppendix(doc: DocJSON, threads: readonly ExportedThread[] | undefined): DocJSON {
  if (!threads || threads.length === 0) return doc;
  const order = blockOrder(doc);
  const place = (t: ExportedThread) => (t.anchorDeleted ? Infinity : (order.get(t.anchor.blockId) ?? Infinity));
  // Array.prototype.sort is stable: threads at one place keep their oldest-first order.
  const sorted = [...threads].sort((a, b) => place(a) - place(b) || (place(a) === Infinity ? 0 : a.anchor.start - b.anchor.start));
  const appendix: DocJSON[] = [
    { type: 'horizontalRule' },
    { type: 'heading', attrs: { level: 2 }, content: [text('Comments')] },
    ...sorted.flatMap(threadBlocks),
  ];
  return { ...doc, content: [...(doc.content ?? []), ...appendix] };
}
