/** The '@name' being typed at the caret: where its '@' is and what follows it; null when the caret is in none. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  // Names have spaces ('@Olive Owner'): up to 40 characters after an '@' that starts a word.
  const typed = /(?:^|\s)@([^\s@][^@\n]{0,39}|)$/u.exec(before);
  if (!typed) return null;
  const query = typed[1] ?? '';
  return { start: before.length - query.length - 1, query };
}

/** The people whose name (or a word of it) starts with what was typed after '@', at most 6. */
export function matchingPeople(people: readonly { name: string }[], query: string): string[] {
  const q = query.toLowerCase();
  return people
    .map((p) => p.name)
    .filter((name) => {
      const lower = name.toLowerCase();
      return lower.startsWith(q) || lower.split(/\s+/).some((word) => word.startsWith(q));
    })
    .slice(0, 6);
}

/** The text with the '@query' at `start` replaced by '@Name ' and the caret after it. */
export function insertMention(text: string, caret: number, start: number, name: string): { text: string; caret: number } {
  const inserted = `@${name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret).replace(/^ /, ''), caret: start + inserted.length };
}
