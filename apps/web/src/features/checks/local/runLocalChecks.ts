import { LOCAL_CHECK_RULES } from '@bree/contracts';
import type { CheckBlock, CheckFinding, CheckRule, CheckSettings } from '@bree/contracts';
import type { RuleInput } from './finding';
import { paragraphFindings } from './paragraphRules';
import { phraseFindings } from './phraseRules';
import { lastSentences, sentenceFindings } from './sentenceRules';
import { readBlock, type ReadBlock, type Sentence } from './text';

/** Blocks that are not the author's prose (titles, code, someone else's quoted words): no rule reads them (docs/CHECKS.md "Local checks"). */
const NOT_PROSE = /^(heading|title|blockquote|horizontalRule|image|codeBlock)$|code/i;
/** List items: checked, but their openings are not compared with the items around them. */
const LIST_ITEM = /list|item/i;

/**
 * The local checks over a document's blocks (docs/CHECKS.md "Local checks"): every local rule the
 * author has not switched off, in document order. Pure and synchronous; run it in the checks
 * worker (localChecksClient.ts) so a long manuscript never holds up typing.
 */
export function runLocalChecks({ blocks, settings }: { blocks: CheckBlock[]; settings: CheckSettings }): CheckFinding[] {
  const disabled = new Set<CheckRule>(settings.disabledRules);
  const enabled = new Set<CheckRule>(LOCAL_CHECK_RULES.filter((rule) => !disabled.has(rule)));
  if (enabled.size === 0) return [];
  const reads = blocks.map((b) => (NOT_PROSE.test(b.type) ? null : readBlock(b.text)));
  const names = namesIn(reads);
  const findings: CheckFinding[] = [];
  let previous: Sentence[] = [];
  for (const [index, block] of blocks.entries()) {
    const read = reads[index];
    // Repetition looks back only into the paragraph just before, never across a heading, code or list.
    if (!read) {
      previous = [];
      continue;
    }
    const listItem = LIST_ITEM.test(block.type);
    const input: RuleInput = { block, read, settings, enabled, listItem };
    const own = [...sentenceFindings({ input, previous: listItem ? [] : previous, names }), ...phraseFindings(input), ...paragraphFindings(input)];
    findings.push(...own.sort((a, b) => a.from - b.from || a.to - b.to));
    previous = listItem ? [] : lastSentences(read.sentences);
  }
  return distinctIds(findings);
}

/**
 * Words written with a capital inside a sentence somewhere in the document: names ('Anna',
 * 'Lisbon'), whose repeats are normal. A capital at a sentence's start says nothing either way.
 */
function namesIn(reads: Array<ReadBlock | null>): Set<string> {
  const names = new Set<string>();
  for (const read of reads) {
    if (!read) continue;
    for (const sentence of read.sentences) {
      for (let k = 1; k < sentence.tokens.length; k++) {
        const token = sentence.tokens[k]!;
        if (token.text !== token.lower && token.text !== token.text.toUpperCase()) names.add(token.lower);
      }
    }
  }
  return names;
}

/**
 * The same words found twice by one rule in one block ('very' twice) would share an id: the
 * second and later get `~2`, `~3`…, so each finding has its own id and the first keeps the plain one.
 */
function distinctIds(findings: CheckFinding[]): CheckFinding[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const count = (seen.get(f.id) ?? 0) + 1;
    seen.set(f.id, count);
    return count === 1 ? f : { ...f, id: `${f.id}~${count}` };
  });
}
