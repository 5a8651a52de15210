/**
 * Whether two stored contents are the same document: equal values, objects compared key by key
 * whatever their keys' order (the server's copy of a document may list an attribute's keys in
 * another order than the editor's). Used to tell a stale save that the server already holds from
 * a real conflict (docs/SAVING.md).
 */
export function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameContent(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((k) => left[k] !== undefined);
  if (keys.length !== Object.keys(right).filter((k) => right[k] !== undefined).length) return false;
  return keys.every((k) => sameContent(left[k], right[k]));
}
