// Review benchmark (docs/ASSISTANT.md "Reviewing a rewrite"): the word-level difference of a
// 5,000-word chapter against a rewrite of it (many changed words, some moved sentences), as the
// review computes it when it opens — diffWords alone, and diffWords placed on the document as
// changes (buildChanges) — against splitting both texts into words, in the same run. Target: under 50 ms.
import { getSchema } from '@tiptap/core';
import { Node as PMNode } from '@tiptap/pm/model';
import { breeExtensions, diffWords, countChanges } from '../packages/editor/src';
import { buildChanges } from '../apps/web/src/features/assistant/review/changes';
import { report } from './lib';

const WORDS = 5_000;
const ITERATIONS = 30;

/** A small seeded generator, so every run diffs the same texts. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const VOCABULARY = (
  'the ferry harbour town morning storm pier lantern gull mayor watch children wall tide rope boat sail ' +
  'captain island village road window bread market bell church evening light wind rain cloud river bridge ' +
  'old young quiet loud slow quick bright dark cold warm long short heavy small careful sudden ' +
  'waited walked spoke listened counted carried opened closed watched remembered noticed followed turned ' +
  'and but while because after before under over beside through across toward behind with without'
).split(' ');

/** A chapter of sentences of 8–20 words from the vocabulary. */
function chapter(rand: () => number): string[] {
  const sentences: string[] = [];
  let count = 0;
  while (count < WORDS) {
    const length = 8 + Math.floor(rand() * 13);
    const words = Array.from({ length }, () => VOCABULARY[Math.floor(rand() * VOCABULARY.length)]!);
    words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    sentences.push(`${words.join(' ')}${rand() < 0.2 ? '!' : '.'}`);
    count += length;
  }
  return sentences;
}

/** A rewrite: about a third of the sentences get changed words, some lose or gain one, and every 25th swaps with a later one. */
function rewrite(sentences: string[], rand: () => number): string[] {
  const out = sentences.map((s) => {
    if (rand() > 0.35) return s;
    const words = s.split(' ');
    for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) words[Math.floor(rand() * words.length)] = VOCABULARY[Math.floor(rand() * VOCABULARY.length)]!;
    if (rand() < 0.3) words.splice(1 + Math.floor(rand() * (words.length - 1)), 0, 'gently');
    if (rand() < 0.2 && words.length > 3) words.splice(1, 1);
    return words.join(' ');
  });
  for (let i = 0; i + 10 < out.length; i += 25) [out[i], out[i + 10]] = [out[i + 10]!, out[i]!];
  return out;
}

function median(run: () => unknown): number {
  for (let i = 0; i < 3; i++) run();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

const rand = random(39);
const sentences = chapter(rand);
const before = sentences.join(' ');
const after = rewrite(sentences, rand).join(' ');
const changes = countChanges(diffWords(before, after));
if (changes < 100) throw new Error(`the rewrite has only ${changes} changes`);

const schema = getSchema(breeExtensions());
const doc = PMNode.fromJSON(schema, { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: before }] }] });
const range = { from: 1, to: 1 + before.length };

const splitting = median(() => [before.match(/\S+/g), after.match(/\S+/g)]);
const diffing = median(() => diffWords(before, after));
const placing = median(() => buildChanges({ doc, ranges: [range], paragraphs: [after], diff: diffWords }));
console.log(`${before.split(' ').length} words, ${changes} changes`);
report('diffWords, 5,000-word chapter vs its rewrite (median)', diffing, splitting, 'ms', 'under 50 ms');
report('review opening: diffWords placed as changes (median)', placing, splitting, 'ms', 'under 50 ms');
