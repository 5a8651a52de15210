/**
 * Text the database cannot hold: NUL (PostgreSQL text and jsonb refuse it) and UTF-16 surrogates
 * that are not part of a pair (they have no UTF-8 form, so they would be stored as something else).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point of this expression
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** The text with every character Bree cannot store replaced by U+FFFD (what the editor does to pasted text). */
export function replaceUnstorableText(text: string): string {
  return text.replace(UNSTORABLE_ALL, '\uFFFD');
}

/** True when a string holds a character Bree cannot store as written. */
export function hasUnstorableText(text: string): boolean {
  return UNSTORABLE.test(text);
}

/**
 * The path of the first string (or object key) in a request part that Bree cannot store, like
 * `content.content.0.content.1.text` or `metadata.topics.2`; null when everything can be stored.
 * This is the one check every request passes (the server runs it before any route's schema).
 */
export function findUnstorableText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return hasUnstorableText(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  const stack: { value: unknown; path: string }[] = [{ value, path }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (hasUnstorableText(item.value)) return item.path;
    } else if (Array.isArray(item.value)) {
      item.value.forEach((child, i) => stack.push({ value: child, path: `${item.path}.${i}` }));
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) {
        const childPath = `${item.path}.${key}`;
        if (hasUnstorableText(key)) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

/** The largest value of a PostgreSQL `integer` column: numbers sent for such columns stay within it. */
export const INT32_MAX = 2_147_483_647;
