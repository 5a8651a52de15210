import { describe, expect, it } from 'vitest';
import { DEMO_INSTRUCTION, DEMO_STEPS, DEMO_STEP_MS, demoReached, nextDemoStep, typedInstruction } from './demo';

describe('the editor preview demo loop', () => {
  it('walks the steps of docs/PRODUCT.md#landing in order and restarts after accept', () => {
    const seen = ['idle'];
    let step = nextDemoStep('idle');
    while (step !== 'idle') {
      seen.push(step);
      step = nextDemoStep(step);
    }
    expect(seen).toEqual(['idle', 'cursor', 'selection', 'menu', 'prompt', 'generating', 'suggestion', 'toggle', 'accept']);
    expect(nextDemoStep('accept')).toBe('idle');
  });

  it('gives every step time on screen and leaves room to type the whole instruction', () => {
    for (const step of DEMO_STEPS) expect(DEMO_STEP_MS[step]).toBeGreaterThan(0);
    expect(typedInstruction(DEMO_STEP_MS.prompt - 400)).toBe(DEMO_INSTRUCTION);
  });

  it('types the Modify instruction one character at a time', () => {
    expect(typedInstruction(0)).toBe('');
    expect(typedInstruction(45 * 4)).toBe(DEMO_INSTRUCTION.slice(0, 4));
    expect(typedInstruction(-10)).toBe('');
  });

  it('knows which steps the loop has already passed', () => {
    expect(demoReached('suggestion', 'menu')).toBe(true);
    expect(demoReached('menu', 'suggestion')).toBe(false);
    expect(demoReached('accept', 'accept')).toBe(true);
  });
});
