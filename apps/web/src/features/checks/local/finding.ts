import { checkFindingId } from '@bree/contracts';
import type { CheckBlock, CheckFinding, CheckRule, CheckSettings } from '@bree/contracts';
import type { ReadBlock, Token } from './text';

/** The longest quote a finding carries (the contract's limit): a longer span is cut to it. */
export const QUOTE_MAX = 5_000;

/** What every rule gets for one block. */
export interface RuleInput {
  block: CheckBlock;
  read: ReadBlock;
  settings: CheckSettings;
  /** The rules that run (every local rule not switched off). */
  enabled: ReadonlySet<CheckRule>;
  /** A list item: its repeated openings are not compared with the items around it. */
  listItem: boolean;
}

/** A word or phrase as the messages show it: in quotes, at most 60 characters. */
export function shown(quote: string): string {
  const flat = quote.replace(/\s+/g, ' ');
  return `'${flat.length > 60 ? `${flat.slice(0, 59)}…` : flat}'`;
}

/** A finding on [from, to) of a block, its quote and id taken from the text (docs/CHECKS.md "Findings"). */
export function makeFinding({
  rule,
  block,
  from,
  to,
  message,
  detail,
}: {
  rule: CheckRule;
  block: CheckBlock;
  from: number;
  to: number;
  message: string;
  detail: string;
}): CheckFinding {
  const end = Math.min(to, from + QUOTE_MAX);
  const quote = block.text.slice(from, end);
  return { id: checkFindingId({ rule, blockId: block.id, quote }), rule, blockId: block.id, from, to: end, quote, message, detail };
}

/** A finding on a run of words, from the first's start to the last's end. */
export function wordsFinding(input: Omit<Parameters<typeof makeFinding>[0], 'from' | 'to'> & { first: Token; last: Token }): CheckFinding {
  const { first, last, ...rest } = input;
  return makeFinding({ ...rest, from: first.from, to: last.to });
}
