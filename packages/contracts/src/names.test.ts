import { describe, expect, it } from 'vitest';
import { normalizeFileName } from './files';
import { archiveEntryName, checkFileName, cleanName, downloadFileName, fitFileName, fitName, nameLength, nameSkeleton, NAME_MAX_LENGTH } from './names';

const decomposedE = 'e\u0301'; // e + combining acute: looks like é, two code points

describe('cleanName', () => {
  it('NFC-normalises: a decomposed é becomes the one character é', () => {
    expect(cleanName(`Caf${decomposedE}`)).toBe('Café');
    expect(cleanName(`Caf${decomposedE}`)).toHaveLength(4);
    expect(cleanName(`Caf${decomposedE}`)).toBe(cleanName('Café'));
  });

  it('removes bidirectional embeddings, overrides, isolates and marks', () => {
    // "invoice\u202Etxt.exe" shows as "invoiceexe.txt" in a bidi-aware list.
    expect(cleanName('invoice\u202Etxt.exe')).toBe('invoicetxt.exe');
    for (const c of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C']) {
      expect(cleanName(`a${c}b`)).toBe('ab');
    }
  });

  it('removes zero-width characters', () => {
    for (const c of ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD']) expect(cleanName(`Re${c}port`)).toBe('Report');
    expect(cleanName('\u200B\uFEFF')).toBe('');
  });

  it('keeps a zero-width joiner inside an emoji sequence, where it is visible', () => {
    const coder = '\u{1F469}\u200D\u{1F4BB}'; // 👩‍💻
    expect(cleanName(`${coder} notes`)).toBe(`${coder} notes`);
    expect(cleanName(`a\u200D${coder}\u200D`)).toBe(`a${coder}`);
  });

  it('turns controls and line separators into spaces, then trims', () => {
    expect(cleanName('  one\ttwo\u2028three  ')).toBe('one two three');
  });
});

describe('the 255-character limit', () => {
  it('is counted after normalisation, with the .txt ending', () => {
    // 251 decomposed é are 502 code points before NFC and 251 after: with .txt, exactly 255.
    const raw = decomposedE.repeat(251);
    expect(raw.length).toBe(502);
    expect(checkFileName(raw)).toEqual({ ok: true, name: `${'é'.repeat(251)}.txt` });
    expect(nameLength(checkFileName(raw).name)).toBe(NAME_MAX_LENGTH);
    expect(checkFileName(decomposedE.repeat(252))).toMatchObject({ ok: false, problem: 'too_long' });
  });

  it('does not count invisible characters', () => {
    const raw = `${'x'.repeat(125)}\u200B\u202E${'y'.repeat(126)}\u2066`;
    expect(checkFileName(raw)).toEqual({ ok: true, name: `${'x'.repeat(125)}${'y'.repeat(126)}.txt` });
  });

  it('counts an emoji once', () => {
    expect(checkFileName('🙂'.repeat(251))).toMatchObject({ ok: true });
    expect(checkFileName('🙂'.repeat(252))).toMatchObject({ ok: false, problem: 'too_long' });
  });

  it('refuses a name with nothing visible left', () => {
    expect(checkFileName('\u200B \u202E ')).toMatchObject({ ok: false, problem: 'empty' });
    expect(checkFileName('.txt')).toMatchObject({ ok: false, problem: 'empty' });
  });

  it('a 512-character name is too long (it would be stored as 516)', () => {
    expect(checkFileName('n'.repeat(512))).toMatchObject({ ok: false, problem: 'too_long', name: `${'n'.repeat(512)}.txt` });
  });
});

describe('fitName and fitFileName', () => {
  it('never cut a surrogate pair, a flag or an emoji sequence in half', () => {
    const cut = fitName('🙂'.repeat(300), 255);
    expect(Array.from(cut)).toHaveLength(255);
    expect(cut).not.toMatch(/[\ud800-\udbff]$/);
    // A flag is two code points: 127 flags fit in 255, the 128th does not fit half.
    expect(fitName('🇫🇷'.repeat(200), 255)).toBe('🇫🇷'.repeat(127));
    // An accent stays with its letter.
    expect(fitName(`${'a'.repeat(254)}${decomposedE}`, 255)).toBe('a'.repeat(254));
  });

  it('cut names Bree makes so that name, suffix and .txt fit', () => {
    const long = 'w'.repeat(600);
    expect(fitFileName(long)).toBe(`${'w'.repeat(251)}.txt`);
    expect(fitFileName(`${long}.txt`, ' 2')).toBe(`${'w'.repeat(249)} 2.txt`);
    expect(nameLength(fitFileName('🙂'.repeat(600), ' (copy)'))).toBe(NAME_MAX_LENGTH);
    expect(fitFileName('\u200B')).toBe('');
  });
});

describe('normalizeFileName', () => {
  it('cleans and adds .txt; nothing visible is Untitled.txt', () => {
    expect(normalizeFileName(` Caf${decomposedE}\u200B `)).toBe('Café.txt');
    expect(normalizeFileName('Notes.TXT')).toBe('Notes.TXT');
    expect(normalizeFileName('\u202E\u200B')).toBe('Untitled.txt');
  });
});

describe('downloadFileName', () => {
  it('cleans the name and keeps the extension within the limit', () => {
    expect(downloadFileName('Q3\u202Etxt.exe\u200B.txt', 'docx')).toBe('Q3txt.exe.docx');
    expect(downloadFileName(`Caf${decomposedE}.txt`, 'md')).toBe('Café.md');
    const long = downloadFileName(`${'z'.repeat(600)}.txt`, 'html');
    expect(nameLength(long)).toBe(NAME_MAX_LENGTH);
    expect(long.endsWith('.html')).toBe(true);
    expect(downloadFileName('\u200B.txt', 'txt')).toBe('Untitled.txt');
  });
});

describe('nameSkeleton', () => {
  it('is the same for names a person could confuse', () => {
    const report = nameSkeleton('Report.txt');
    expect(nameSkeleton('report.txt')).toBe(report);
    expect(nameSkeleton('REPORT')).toBe(report);
    expect(nameSkeleton('R\u0435\u0440\u043Ert.txt')).toBe(report); // Cyrillic е, р, о
    expect(nameSkeleton('\u0420lan')).toBe(nameSkeleton('Plan')); // Cyrillic capital Р
    expect(nameSkeleton('Rep\u03BFrt')).toBe(report); // Greek ο
    expect(nameSkeleton('Ｒｅｐｏｒｔ')).toBe(report); // full width
    expect(nameSkeleton('Re\u200Bport')).toBe(report);
    expect(nameSkeleton('\u0441\u0430\u0445')).toBe(nameSkeleton('cax')); // Cyrillic с, а, х
    expect(nameSkeleton('\u0456nfo')).toBe(nameSkeleton('info')); // Cyrillic і
  });

  it('differs for names that look different', () => {
    expect(nameSkeleton('Report')).not.toBe(nameSkeleton('Reports'));
    expect(nameSkeleton('Résumé')).not.toBe(nameSkeleton('Resume'));
    expect(nameSkeleton('Отчёт')).not.toBe(nameSkeleton('Report'));
  });
});

describe('emoji joiners with a skin tone', () => {
  it('keep the joiner after a modifier', () => {
    const seq = '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}'; // 👩🏽‍💻
    expect(cleanName(seq)).toBe(seq);
  });
});

describe('archiveEntryName', () => {
  /** What Windows refuses in a file name; '/' would make a folder inside the archive. */
  // eslint-disable-next-line no-control-regex -- control characters are what is checked for
  const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]/;
  const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;
  /** UTF-8 bytes, counted another way than the code does: each %XX of a URI encoding is one byte. */
  const utf8Bytes = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, '.').length;
  const entry = (name: string, suffix?: string) => archiveEntryName({ name, extension: 'md', ...(suffix ? { suffix } : {}) });

  it('replaces every character Windows cannot extract, and folder separators, with _', () => {
    expect(entry('Plan: "draft" <v2> | why? *now*.txt')).toBe('Plan_ _draft_ _v2_ _ why_ _now_.md');
    expect(entry('a/b\\c.txt')).toBe('a_b_c.md');
    expect(entry('tab\there\u0001bell\u007f')).toBe('tab here bell.md');
    for (const c of '<>:"/\\|?*') expect(entry(`x${c}y`)).toBe('x_y.md');
  });

  it('renames the names Windows keeps for devices, with or without an extension, in any case', () => {
    for (const device of ['CON', 'prn', 'Aux', 'NUL', 'COM1', 'com9', 'LPT1', 'lpt9', 'COM¹', 'CONIN$']) {
      const name = entry(device);
      expect(name).toBe(`${device}_.md`);
      expect(RESERVED.test(name.split('.')[0]!.trimEnd())).toBe(false);
    }
    expect(entry('con.backup.txt')).toBe('con_.backup.md');
    expect(entry('NUL .txt')).toBe('NUL_.md');
    // Longer words that start like a device are names like any other.
    expect(entry('Console')).toBe('Console.md');
    expect(entry('COM10')).toBe('COM10.md');
  });

  it('leaves no trailing dot or space before the extension, and never an empty name', () => {
    expect(entry('Ending...')).toBe('Ending.md');
    expect(entry('Ending. . ')).toBe('Ending.md');
    expect(entry('...')).toBe('Untitled.md');
    expect(entry('')).toBe('Untitled.md');
    expect(entry('\u200B')).toBe('Untitled.md');
    expect(archiveEntryName({ name: 'Plain.', extension: '' })).toBe('Plain');
  });

  it('keeps the suffix that makes a name unique after the cleaning, before the extension', () => {
    expect(entry('Plan?', ' 2')).toBe('Plan_ 2.md');
    expect(entry('CON', ' 2')).toBe('CON_ 2.md');
  });

  it('fits in 255 UTF-8 bytes (Linux, macOS) and so in 255 UTF-16 units (Windows), cut between characters', () => {
    const long = 'é'.repeat(300);
    const name = entry(long, ' 12');
    expect(utf8Bytes(name)).toBeLessThanOrEqual(255);
    expect(name).toMatch(/^é+ 12\.md$/);
    const emoji = entry('\u{1F600}'.repeat(100));
    expect(utf8Bytes(emoji)).toBeLessThanOrEqual(255);
    expect(emoji).toMatch(/^(\u{1F600})+\.md$/u);
    expect(nameLength(entry('a'.repeat(400)))).toBe(255);
  });

  it('keeps the cleaning of every name: NFC, no invisible characters, no .txt ending', () => {
    const name = entry('Caf\u0065\u0301 \u202Emenu.txt');
    expect(name).toBe('Café menu.md');
    expect(FORBIDDEN.test(name)).toBe(false);
  });
});
