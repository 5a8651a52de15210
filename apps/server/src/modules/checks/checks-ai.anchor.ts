import { AI_CHECK_RULES, checkFindingId, type CheckBlock, type CheckFinding } from '@bree/contracts';
import { z } from 'zod';

/**
 * What the model answers for one finding, before Bree checks it: which rule, which block, the words
 * it quotes and what it says about them. Anything else in its answer is ignored.
 */
export const modelFindingSchema = z.object({
  rule: z.enum(AI_CHECK_RULES),
  blockId: z.string().min(1).max(200),
  quote: z.string().min(1).max(5_000),
  message: z.string().trim().min(1),
  explanation: z.string().trim().optional(),
});
export type ModelFinding = z.infer<typeof modelFindingSchema>;

/** The JSON inside the answer's <findings> tags (or the whole answer, without the fences some models add); null when it is not JSON. */
export function readFindingsJson(answer: string): unknown {
  const tagged = /<findings>([\s\S]*?)<\/findings>/i.exec(answer)?.[1] ?? answer;
  const unfenced = tagged
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return JSON.parse(unfenced);
  } catch {
    return null;
  }
}

/** The model's findings that have the expected shape; malformed entries are dropped one by one. Null when the answer has no findings list at all. */
export function parseModelFindings(answer: string): ModelFinding[] | null {
  const json = readFindingsJson(answer);
  const list = Array.isArray(json) ? json : (json as { findings?: unknown } | null)?.findings;
  if (!Array.isArray(list)) return null;
  return list.flatMap((item) => {
    const parsed = modelFindingSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Quotes that look alike once typography is set aside: curly quotes, dashes, the ellipsis, non-breaking spaces. */
const FOLD: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u2032': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u201F': '"',
  '\u2033': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2012': '-',
  '\u2212': '-',
};

/**
 * A text with every run of whitespace made one space and typographic quotes and dashes made plain,
 * with, for each character kept, where it starts in the original (and one more entry for the end).
 * The ellipsis becomes '...' so either spelling finds the other.
 */
function normalise(text: string): { text: string; starts: number[] } {
  let out = '';
  const starts: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      if (out.endsWith(' ')) continue;
      out += ' ';
      starts.push(i);
    } else if (ch === '\u2026') {
      out += '...';
      starts.push(i, i, i);
    } else {
      out += FOLD[ch] ?? ch;
      starts.push(i);
    }
  }
  starts.push(text.length);
  return { text: out, starts };
}

/**
 * Where a quote is in a block's text, [from, to): an exact match first, else one that differs only
 * in whitespace, quote marks, dashes or the ellipsis; null when the words are not there.
 */
export function anchorQuote({ text, quote }: { text: string; quote: string }): { from: number; to: number } | null {
  const exact = quote.length > 0 ? text.indexOf(quote) : -1;
  if (exact !== -1) return { from: exact, to: exact + quote.length };
  const wanted = normalise(quote.trim()).text.trim();
  if (!wanted) return null;
  const hay = normalise(text);
  const at = hay.text.indexOf(wanted);
  if (at === -1) return null;
  const from = hay.starts[at]!;
  // The end is just after the last matched character in the original (an ellipsis spans its own three).
  const lastStart = hay.starts[at + wanted.length - 1]!;
  return { from, to: lastStart + 1 };
}

/**
 * The model's findings as Bree answers them: each quote found in its block's text (else dropped,
 * as is a finding about a block that was not sent), its offsets and id computed, the same finding
 * once, in reading order.
 */
export function anchorFindings({ findings, blocks }: { findings: ModelFinding[]; blocks: Map<string, { block: CheckBlock; order: number }> }): CheckFinding[] {
  const seen = new Set<string>();
  const anchored: (CheckFinding & { order: number })[] = [];
  for (const finding of findings) {
    const known = blocks.get(finding.blockId);
    if (!known) continue;
    const at = anchorQuote({ text: known.block.text, quote: finding.quote });
    if (!at || at.to <= at.from) continue;
    const quote = known.block.text.slice(at.from, at.to);
    const id = checkFindingId({ rule: finding.rule, blockId: known.block.id, quote });
    if (seen.has(id)) continue;
    seen.add(id);
    const detail = finding.explanation?.slice(0, 2_000);
    anchored.push({
      id,
      rule: finding.rule,
      blockId: known.block.id,
      from: at.from,
      to: at.to,
      quote,
      message: finding.message.slice(0, 300),
      ...(detail ? { detail } : {}),
      order: known.order,
    });
  }
  return anchored.sort((a, b) => a.order - b.order || a.from - b.from).map(({ order: _order, ...finding }) => finding);
}
