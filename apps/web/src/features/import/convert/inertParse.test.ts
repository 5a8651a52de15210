import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sanitizeImportDom, sanitizeImportHtml } from '../sanitize';
import { convertFile } from '.';

/**
 * Untrusted HTML may only be parsed in an inert document (DOMParser's or createHTMLDocument's):
 * parsed into the live page, an <img src=x onerror> starts loading and its handler is queued
 * even while the element stays detached (docs/HARDENING.md#imported-html-is-parsed-inert).
 */
const HOSTILE = [
  '<h1>Hostile</h1><p>Safe text</p>',
  '<p><img src=x onerror="window.__xss = \'img\'">after image</p>',
  '<svg onload="window.__xss = \'svg\'"><circle r="4"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = \'mxss\'">',
].join('\n');

type Restore = () => void;

/** Wraps every way of turning a string into nodes so a parse whose target belongs to the live document is recorded. */
function watchLiveParses(hits: string[]): Restore {
  const restores: Restore[] = [];
  const live = (node: Node | null | undefined) => (node instanceof Document ? node : node?.ownerDocument) === document;
  const wrapSetter = (proto: object, name: string) => {
    const original = Object.getOwnPropertyDescriptor(proto, name);
    if (!original?.set) throw new Error(`no ${name} setter`);
    Object.defineProperty(proto, name, {
      ...original,
      set(this: Node, value: string) {
        if (live(this) && /</.test(String(value))) hits.push(`${name} on a live ${this.nodeName}`);
        original.set?.call(this, value);
      },
    });
    restores.push(() => Object.defineProperty(proto, name, original));
  };
  const wrapMethod = <T extends object>(proto: T, name: keyof T & string, target: (self: unknown, args: unknown[]) => Node | null | undefined) => {
    const original = proto[name] as unknown as (...args: unknown[]) => unknown;
    (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      if (live(target(this, args))) hits.push(`${name} in the live document`);
      return original.apply(this, args);
    };
    restores.push(() => ((proto as Record<string, unknown>)[name] = original));
  };
  wrapSetter(Element.prototype, 'innerHTML');
  wrapSetter(Element.prototype, 'outerHTML');
  wrapSetter(ShadowRoot.prototype, 'innerHTML');
  wrapMethod(Element.prototype, 'insertAdjacentHTML', (self) => self as Node);
  wrapMethod(Range.prototype, 'createContextualFragment', (self) => (self as Range).startContainer);
  wrapMethod(Document.prototype, 'write', (self) => self as Node);
  wrapMethod(Document.prototype, 'createElement', (self, args) => (String(args[0]).toLowerCase() === 'img' ? (self as Node) : null));
  return () => restores.reverse().forEach((restore) => restore());
}

describe('imported HTML is only ever parsed in an inert document', () => {
  const hits: string[] = [];
  let restore: Restore = () => {};
  beforeEach(() => {
    hits.length = 0;
    restore = watchLiveParses(hits);
  });
  afterEach(() => restore());

  it('the watcher itself sees a parse into the live document (so a pass below means something)', () => {
    document.createElement('div').innerHTML = '<b>x</b>';
    expect(hits).toEqual(['innerHTML on a live DIV']);
  });

  it('sanitising keeps the parse and its result out of the live document', () => {
    const clean = sanitizeImportDom(HOSTILE);
    expect(clean.ownerDocument).not.toBe(document);
    expect(sanitizeImportHtml(HOSTILE)).toContain('Safe text');
    expect(hits).toEqual([]);
  });

  it.each([
    ['hostile.html', 'text/html', 'html', HOSTILE],
    ['hostile.md', 'text/markdown', 'markdown', `# Hostile\n\nSafe text\n\n${HOSTILE}\n`],
  ] as const)('importing %s never parses its HTML in the live document', async (name, type, kind, body) => {
    const doc = await convertFile(new File([body], name, { type }), kind);
    expect(JSON.stringify(doc)).toContain('Safe text');
    expect(JSON.stringify(doc)).not.toMatch(/onerror|onload|<img|<svg/i);
    expect(hits).toEqual([]);
    expect((window as unknown as { __xss?: unknown }).__xss).toBeUndefined();
  });
});
