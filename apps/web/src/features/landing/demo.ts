// The editor preview's demo loop (docs/PRODUCT.md#landing): idle, cursor moves, text selected,
// menu shown, Modify instruction typed, blurred while generating, suggestion shown, toggle
// Original/Suggested, accept, then the loop restarts.

// 'prompt' is the step where the Modify instruction is typed (the name the browser tests read).
export const DEMO_STEPS = ['idle', 'cursor', 'selection', 'menu', 'prompt', 'generating', 'suggestion', 'toggle', 'accept'] as const;
export type DemoStep = (typeof DEMO_STEPS)[number];

/** How long each step stays on screen, in milliseconds: long enough to read, short enough to loop in about 17 s. */
export const DEMO_STEP_MS: Record<DemoStep, number> = {
  idle: 1400,
  cursor: 1200,
  selection: 1200,
  menu: 1600,
  prompt: 2600,
  generating: 1600,
  suggestion: 2200,
  toggle: 2200,
  accept: 2600,
};

/** The step shown when motion is reduced: the loop's end, with the accepted rewrite in place. */
export const DEMO_STILL_STEP: DemoStep = 'accept';

/** The step after `step`; after 'accept' the loop starts again at 'idle'. */
export function nextDemoStep(step: DemoStep): DemoStep {
  const index = DEMO_STEPS.indexOf(step);
  return DEMO_STEPS[(index + 1) % DEMO_STEPS.length]!;
}

/** Whether the loop has reached `step` or gone past it (the panels read this to know what is on screen). */
export function demoReached(current: DemoStep, step: DemoStep): boolean {
  return DEMO_STEPS.indexOf(current) >= DEMO_STEPS.indexOf(step);
}

/** The instruction typed into the Modify box, and how much of it shows at `elapsed` ms into the 'prompt' step. */
export const DEMO_INSTRUCTION = 'Make it warmer and more concrete';

/** The typed part of the instruction: one character every 45 ms, all of it once the typing time is over. */
export function typedInstruction(elapsedMs: number): string {
  const characters = Math.max(0, Math.floor(elapsedMs / 45));
  return DEMO_INSTRUCTION.slice(0, characters);
}
