import type { FileSummary } from '@bree/contracts';

/** Scripts whose letters can pass for Latin ones ("Rероrt" with Cyrillic е, о, р). */
const LOOKALIKE_SCRIPTS = [
  { name: 'Cyrillic', pattern: /\p{Script=Cyrillic}/u },
  { name: 'Greek', pattern: /\p{Script=Greek}/u },
] as const;

/** The look-alike scripts a name mixes with Latin letters ([] for a name in one script). */
export function mixedScripts(name: string): string[] {
  if (!/\p{Script=Latin}/u.test(name)) return [];
  return LOOKALIKE_SCRIPTS.filter((s) => s.pattern.test(name)).map((s) => s.name);
}

/** A path as the list names it: folders and the name, without the .txt ending. */
function shownPath(filePath: string): string {
  return filePath.replace(/\.txt$/i, '');
}

/**
 * The hint a list row shows when another document's name looks the same (the server's
 * `similarNameTo`, docs/HARDENING.md "Names"): the other name — its folder when the names are
 * equal — and which letters of this one are not Latin, so the writer can tell the two apart.
 * null when no other name looks like this one.
 */
export function similarNameHint(file: Pick<FileSummary, 'displayName' | 'similarNameTo'>): string | null {
  const other = file.similarNameTo;
  if (!other) return null;
  const otherName = other.displayName === file.displayName ? shownPath(other.filePath) : other.displayName;
  const scripts = mixedScripts(file.displayName);
  const note = scripts.length > 0 ? ` · this name has ${scripts.join(' and ')} letters` : '';
  return `Similar name: ${otherName}${note}`;
}
