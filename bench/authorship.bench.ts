// Authorship benchmark: counting the writer's and the AI's characters of a 50,000-word document
// (authorshipOfNode, what the Document panel runs once an edit settles) against the counts the same
// panel already refreshes then (its text read as editor.getText does, and documentStats), in the same run.
import { getSchema } from '@tiptap/core';
import { Node as PMNode } from '@tiptap/pm/model';
import { authorshipOfNode, breeExtensions, PROVENANCE_MARK } from '../packages/editor/src';
import { documentStats } from '../apps/web/src/features/editor/stats';
import { report } from './lib';

const WORDS = 50_000;
const PER_PARAGRAPH = 25;
const ITERATIONS = 200;
const mark = { type: PROVENANCE_MARK, attrs: { operationId: 'op_bench', action: 'enhance', tier: 'fast', at: '2026-01-02T03:04:05.000Z' } };

/** Paragraphs of 25 words, every other one with an AI-written sentence in it. */
function bigDoc() {
  const words = 'the writer keeps a steady voice across long chapters and careful revisions'.split(' ');
  const content = [];
  for (let i = 0; i < WORDS / PER_PARAGRAPH; i++) {
    const text = Array.from({ length: PER_PARAGRAPH }, (_, j) => words[(i + j) % words.length]).join(' ');
    const half = text.slice(0, text.length / 2);
    const rest = text.slice(text.length / 2);
    content.push({
      type: 'paragraph',
      content:
        i % 2
          ? [
              { type: 'text', text: half },
              { type: 'text', text: `${rest}.`, marks: [mark] },
            ]
          : [{ type: 'text', text: `${text}.` }],
    });
  }
  return { type: 'doc', content };
}

/** Median ms of `run` over the iterations, after a warm-up. */
function median(run: () => unknown): number {
  for (let i = 0; i < 20; i++) run();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const doc = PMNode.fromJSON(getSchema(breeExtensions()), bigDoc());
const { textChars, aiChars } = authorshipOfNode(doc);
if (textChars === 0 || aiChars === 0) throw new Error('the document has no text or no AI text');
const counting = median(() => authorshipOfNode(doc));
const stats = median(() => documentStats(doc.textBetween(0, doc.content.size, '\n')));
report(`authorship of ${WORDS.toLocaleString('en-US')} words (median)`, counting, stats, 'ms', '≤ 1× the word and character counts');
