import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './nesting';

/** Arrays nested `depth` levels deep, built without recursion (and parsed, as a request body is). */
const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('nestsDeeperThan', () => {
  it('counts each object and array as one level, and scalars as none', () => {
    expect(nestsDeeperThan({ value: 'text', maxDepth: 0 })).toBe(false);
    expect(nestsDeeperThan({ value: {}, maxDepth: 0 })).toBe(true);
    expect(nestsDeeperThan({ value: { a: [1, { b: 'x' }] }, maxDepth: 3 })).toBe(false);
    expect(nestsDeeperThan({ value: { a: [1, { b: {} }] }, maxDepth: 3 })).toBe(true);
    expect(nestsDeeperThan({ value: nested(128), maxDepth: 128 })).toBe(false);
    expect(nestsDeeperThan({ value: nested(129), maxDepth: 128 })).toBe(true);
  });

  it('finds the one deep branch among shallow ones', () => {
    expect(nestsDeeperThan({ value: { a: 1, b: [[], {}], c: { d: nested(10) } }, maxDepth: 11 })).toBe(true);
    expect(nestsDeeperThan({ value: { a: 1, b: [[], {}], c: { d: nested(10) } }, maxDepth: 12 })).toBe(false);
  });

  it('measures 200,000 levels without overflowing the stack', () => {
    expect(nestsDeeperThan({ value: nested(200_000), maxDepth: 128 })).toBe(true);
    expect(nestsDeeperThan({ value: nested(200_000), maxDepth: 200_000 })).toBe(false);
  });

  it('does not walk into buffers or other objects that are not plain data', () => {
    expect(nestsDeeperThan({ value: { file: new Uint8Array(16) }, maxDepth: 1 })).toBe(false);
    expect(nestsDeeperThan({ value: [new Date(0)], maxDepth: 1 })).toBe(false);
  });
});
