/**
 * The deepest nesting of objects and arrays a JSON request body may have. A valid document (at most
 * 40 levels, `DOC_LIMITS` in packages/editor) nests about twice as deep in JSON, a node and its
 * `content` array per level, plus its marks and their attributes; the fields around it add a few.
 * Anything deeper is refused before a route, a hook or a worker walks it (docs/HARDENING.md).
 */
export const MAX_BODY_DEPTH = 128;

/** Plain objects and arrays: what JSON.parse makes. Buffers, dates and other objects are not walked. */
function isContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Whether a value nests objects and arrays more than `maxDepth` levels deep (`{}` is one level,
 * `[[]]` two, a string none). Iterative, so a body nested 100,000 levels deep is measured
 * without overflowing the stack, and it stops at the first branch past the limit.
 */
export function nestsDeeperThan({ value, maxDepth }: { value: unknown; maxDepth: number }): boolean {
  const pending: unknown[] = [value];
  const depths: number[] = [1];
  while (pending.length > 0) {
    const item = pending.pop();
    const depth = depths.pop()!;
    if (!isContainer(item)) continue;
    if (depth > maxDepth) return true;
    const children = Array.isArray(item) ? item : Object.values(item);
    for (const child of children) {
      if (child === null || typeof child !== 'object') continue;
      pending.push(child);
      depths.push(depth + 1);
    }
  }
  return false;
}
