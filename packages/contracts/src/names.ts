/**
 * Names a person can tell apart (docs/HARDENING.md, "Names"): the one cleaning every document
 * name and download filename passes — on the server (create, upload, rename, claim, sync,
 * naming from the first line, restore, copy, download) and in the web app (rename, import,
 * download) — and the look-alike "skeleton" that finds names a writer could confuse.
 */

/** The longest name Bree stores, in characters (code points), counted after cleaning and with its .txt ending. */
export const NAME_MAX_LENGTH = 255;

/**
 * Characters a name never keeps: bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C), which reorder what a reader
 * sees; zero-width and invisible characters (U+200B, U+200C, U+2060–U+2064, U+FEFF, U+180E,
 * the soft hyphen U+00AD) that make two names look the same; C0/C1 controls and line and
 * paragraph separators. A zero-width joiner (U+200D) goes too, except inside an emoji sequence
 * (👩‍💻), where it is visible: it joins the pictographs into one.
 */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** A zero-width joiner that is not between two pictographs (an emoji's skin tone or VS16 may follow the first). */
const STRAY_JOINER = /\u200d(?!\p{Extended_Pictographic})|(?<!\p{Extended_Pictographic}(?:\u{fe0f}|\p{Emoji_Modifier})?)\u200d/gu;
// eslint-disable-next-line no-control-regex -- controls and separators become spaces so the words around them stay apart
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * A name as Bree stores and shows it: NFC-normalised (a decomposed "é" becomes one character),
 * without the invisible characters above (controls and separators become a space), trimmed.
 * No length rule here: `fitName` cuts, `nameLength` counts. '' when nothing visible is left.
 */
export function cleanName(raw: string): string {
  return raw.normalize('NFC').replace(CONTROLS, ' ').replace(INVISIBLE, '').replace(STRAY_JOINER, '').trim();
}

/** A name's length as the limit counts it: characters (code points), so an emoji counts once. */
export function nameLength(name: string): number {
  let n = 0;
  for (const _ of name) n++;
  return n;
}

const graphemes: Intl.Segmenter | null = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * The longest start of `name` that is at most `max` characters, cut between graphemes — never
 * inside a surrogate pair, a flag, an emoji sequence or before a combining accent — with no
 * trailing space.
 */
export function fitName(name: string, max: number): string {
  if (nameLength(name) <= max) return name;
  let out = '';
  let used = 0;
  const pieces = graphemes ? Array.from(graphemes.segment(name), (s) => s.segment) : Array.from(name);
  for (const piece of pieces) {
    const size = nameLength(piece);
    if (used + size > max) break;
    out += piece;
    used += size;
  }
  return out.trimEnd();
}

/** The .txt ending every stored name has (docs/PRODUCT.md#documents). */
const EXTENSION = '.txt';

function hasExtension(name: string): boolean {
  return name.toLowerCase().endsWith(EXTENSION);
}

/** A cleaned name without its .txt ending (what the list shows). */
export function nameStem(name: string): string {
  return hasExtension(name) ? name.slice(0, -EXTENSION.length) : name;
}

/** Why a name a writer asked for cannot be stored. */
export type NameProblem = 'empty' | 'too_long';

/**
 * The stored form of a name a writer asked for (rename, create, upload): cleaned, ending in
 * .txt, at most NAME_MAX_LENGTH characters counted with that ending. A name that is empty after
 * cleaning, or too long, is a problem to answer, not something to repair silently.
 */
export function checkFileName(raw: string): { ok: true; name: string } | { ok: false; problem: NameProblem; name: string } {
  const cleaned = cleanName(raw);
  if (!nameStem(cleaned).trim()) return { ok: false, problem: 'empty', name: cleaned };
  const name = hasExtension(cleaned) ? cleaned : `${cleaned}${EXTENSION}`;
  if (nameLength(name) > NAME_MAX_LENGTH) return { ok: false, problem: 'too_long', name };
  return { ok: true, name };
}

/**
 * The stored form of a name Bree makes itself (from a first line, an uploaded file's name, a
 * copy, " 2" for a taken name): cleaned and cut so that stem + suffix + .txt fit in
 * NAME_MAX_LENGTH. '' when nothing visible is left (the caller picks its default).
 */
export function fitFileName(raw: string, suffix = ''): string {
  const stem = nameStem(cleanName(raw)).trimEnd();
  if (!stem) return '';
  const room = NAME_MAX_LENGTH - nameLength(suffix) - EXTENSION.length;
  return `${fitName(stem, room)}${suffix}${EXTENSION}`;
}

/**
 * A download's file name: the document's name cleaned (a name stored before cleaning existed
 * is cleaned here too), cut so that it fits NAME_MAX_LENGTH with its `.ext`; 'Untitled' when
 * nothing is left.
 */
export function downloadFileName(name: string, extension: string): string {
  const ext = cleanName(extension).replace(/^\.+/, '');
  const stem = nameStem(cleanName(name)) || 'Untitled';
  const suffix = ext ? `.${ext}` : '';
  return `${fitName(stem, NAME_MAX_LENGTH - nameLength(suffix)) || 'Untitled'}${suffix}`;
}

/**
 * Characters a file on Windows cannot have (`< > : " | ? *`, controls) and the two folder
 * separators, which inside an archive would make folders (or climb out of one).
 */
// eslint-disable-next-line no-control-regex -- controls are among what Windows refuses
const NOT_PORTABLE = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
/** Names Windows keeps for devices, whatever follows the first dot ("CON.md" too), in any case. */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;
/** One name in a folder: 255 UTF-8 bytes on Linux and macOS, which is within Windows' 255 UTF-16 units. */
const ENTRY_MAX_BYTES = 255;

/** A name's size in UTF-8 bytes (counted here: this package runs in the browser and in Node alike). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const c of text) {
    const code = c.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A cleaned stem made portable: refused characters as `_`, no trailing dot or space, no device name. */
function portableStem(stem: string): string {
  const plain = stem.replace(NOT_PORTABLE, '_').replace(/[. ]+$/, '') || 'Untitled';
  // Windows ignores trailing spaces before the dot, so "NUL .md" is the device as well.
  return plain.replace(/^[^.]*/, (base) => (DEVICE.test(base.trimEnd()) ? `${base.trimEnd()}_` : base));
}

/**
 * The name of a document's file inside an archive Bree makes (the workspace .zip), which has to
 * extract on Windows, macOS and Linux: the download name's cleaning, then `< > : " / \ | ? *` and
 * controls as `_`, no trailing dot or space, a device name (CON, PRN, AUX, NUL, COM1–9, LPT1–9)
 * followed by `_`, cut to fit 255 UTF-8 bytes with `suffix` (" 2" for a name already taken,
 * compared by the caller) and `.extension`. A browser does this to a download's name itself; an
 * archive's names reach the disk as Bree wrote them.
 */
export function archiveEntryName({ name, extension, suffix = '' }: { name: string; extension: string; suffix?: string }): string {
  const ext = cleanName(extension).replace(NOT_PORTABLE, '_').replace(/^\.+/, '');
  const tail = `${suffix}${ext ? `.${ext}` : ''}`;
  let stem = fitName(nameStem(cleanName(name)), NAME_MAX_LENGTH - nameLength(tail));
  let entry = `${portableStem(stem)}${tail}`;
  while (utf8Length(entry) > ENTRY_MAX_BYTES && stem) {
    stem = fitName(stem, nameLength(stem) - 1);
    entry = `${portableStem(stem)}${tail}`;
  }
  return entry;
}

/**
 * Letters that look like Latin ones: Cyrillic and Greek capitals and small letters, and a few
 * Latin variants. Capitals are mapped before case folding (Cyrillic "В" looks like "B", its small
 * "в" does not look like "b"). A hand-kept subset of Unicode's confusables (UTS #39): no library
 * for it is part of Bree.
 */
const LOOKALIKE_CAPITALS: Record<string, string> = {
  // Cyrillic
  А: 'A',
  В: 'B',
  Е: 'E',
  Ё: 'Ë',
  З: '3',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ї: 'Ï',
  Ј: 'J',
  Ԛ: 'Q',
  Ԝ: 'W',
  Һ: 'H',
  Ү: 'Y',
  Ӏ: 'I',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};
const LOOKALIKE_SMALL: Record<string, string> = {
  // Cyrillic
  а: 'a',
  е: 'e',
  ё: 'ë',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'ï',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  ɡ: 'g', // Latin script g
  ı: 'i', // dotless i
  ȷ: 'j', // dotless j
  // Greek
  α: 'a',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  υ: 'u',
  χ: 'x',
  ς: 'c',
};
const CAPITALS = new RegExp(`[${Object.keys(LOOKALIKE_CAPITALS).join('')}]`, 'g');
const SMALL = new RegExp(`[${Object.keys(LOOKALIKE_SMALL).join('')}]`, 'g');

/**
 * The look-alike skeleton of a name: two names with the same skeleton are hard to tell apart
 * ("Report", "report", "Rероrt" with Cyrillic е, о, р, "Ｒｅｐｏｒｔ" in full width). The name is
 * cleaned, its .txt ending dropped, NFKC-normalised (compatibility forms: full width, ligatures,
 * superscripts), look-alike capitals mapped, case-folded, look-alike small letters mapped, and
 * runs of spaces made one.
 */
export function nameSkeleton(name: string): string {
  const stem = nameStem(cleanName(name)).normalize('NFKC');
  return stem
    .replace(CAPITALS, (c) => LOOKALIKE_CAPITALS[c]!)
    .toLowerCase()
    .normalize('NFKC')
    .replace(SMALL, (c) => LOOKALIKE_SMALL[c]!)
    .replace(/\s+/g, ' ')
    .trim();
}
