import { describe, expect, it } from 'vitest';
import { pastedFromOutside } from './provenance';

const span =
  '<span class="bree-ai-text" data-ai-operation="op1" data-ai-action="enhance" data-ai-tier="fast" data-ai-at="2026-11-28T05:00:00.000Z">Polished</span>';

describe('pasted HTML', () => {
  it('keeps the AI mark of a copy from a Bree document (ProseMirror HTML)', () => {
    const html = `<p data-pm-slice="1 1 []">${span} words</p>`;
    expect(pastedFromOutside(html)).toBe(html);
  });

  it('drops the attribute the mark is parsed from in HTML from anywhere else', () => {
    const out = pastedFromOutside(`<p>${span} words</p>`);
    expect(out).not.toContain('data-ai-operation=');
    expect(out).toContain('Polished');
  });
});
