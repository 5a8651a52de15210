import type { BuiltPrompt } from './shared';

/** Which of several versions written at once a prompt asks for (docs/ASSISTANT.md "Three versions at once"). */
export interface AlternativeAsk {
  /** 1-based. */
  index: number;
  of: number;
}

/** How each version written at once differs, so that they differ without seeing each other. */
const APPROACHES = [
  'stay closest to the original wording and shape, changing only what the task needs',
  'change the sentence openings, shapes and rhythm while keeping the meaning',
  'make the boldest change the task and the rules allow',
];

/**
 * The closing lines of one of several versions written at the same time: the versions cannot
 * see each other, so each is given its own approach (like 'Try another', which sees the earlier ones).
 */
export function alternativeRequest({ index, of }: AlternativeAsk): string {
  const approach = APPROACHES[Math.min(index, APPROACHES.length) - 1]!;
  return [
    `The author asked for ${of} versions at once, to compare them side by side; this is version ${index} of ${of}.`,
    `Each version does the same task under the same rules but reads clearly differently. For version ${index}: ${approach}.`,
  ].join(' ');
}

/** A built prompt asked as one of several versions written at once; unchanged without `alternative`. */
export function withAlternative(built: BuiltPrompt, alternative: AlternativeAsk | undefined): BuiltPrompt {
  if (!alternative) return built;
  return { system: built.system, prompt: `${built.prompt}\n\n${alternativeRequest(alternative)}` };
}
