import { describe, expect, it } from 'vitest';
import { checkSelection, dropzoneRejectionMessage, IMPORT_LIMITS, importedFileName, importKindOf, importResultMessage } from './validate';

const file = (name: string, size = 10) => ({ name, size });

describe('upload limits', () => {
  it('are the numbers of docs/PRODUCT.md#import: 10 files, 5242880 bytes in total, 1048576 per file', () => {
    expect(IMPORT_LIMITS.maxFiles).toBe(10);
    expect(IMPORT_LIMITS.maxTotalBytes).toBe(5242880);
    expect(IMPORT_LIMITS.maxFileBytes).toBe(1048576);
    expect(IMPORT_LIMITS.extensions).toEqual(['.txt', '.md', '.markdown', '.html', '.htm', '.docx']);
  });

  it('refuses more than 10 files at once', () => {
    expect(checkSelection(Array.from({ length: 10 }, (_, i) => file(`${i}.txt`))).ok).toBe(true);
    expect(checkSelection(Array.from({ length: 11 }, (_, i) => file(`${i}.txt`)))).toEqual({ ok: false, message: 'You can upload up to 10 files at once.' });
  });

  it('refuses a batch over 5 MB in total', () => {
    const five = Array.from({ length: 5 }, (_, i) => file(`${i}.md`, 1048576));
    expect(checkSelection(five).ok).toBe(true);
    expect(checkSelection([...five, file('one-more.txt', 1)])).toEqual({ ok: false, message: 'Total upload size exceeds 5 MB.' });
  });

  it('refuses a single file over 1 MB or of another type, and keeps the rest', () => {
    const result = checkSelection([file('big.docx', 1048577), file('notes.pdf'), file('ok.HTM'), file('README')]);
    expect(result).toEqual({
      ok: true,
      accepted: [{ file: file('ok.HTM'), kind: 'html' }],
      rejected: [
        { file: file('big.docx', 1048577), message: 'big.docx exceeds 1 MB per-file limit' },
        { file: file('notes.pdf'), message: 'Unsupported file type: notes.pdf' },
        { file: file('README'), message: 'Unsupported file type: README' },
      ],
    });
  });

  it('knows how each allowed extension converts', () => {
    expect(['a.txt', 'a.md', 'a.markdown', 'a.html', 'a.htm', 'a.DOCX', 'a.doc', '.md'].map(importKindOf)).toEqual([
      'txt',
      'markdown',
      'markdown',
      'html',
      'html',
      'docx',
      null,
      null,
    ]);
  });
});

describe('drop zone rejections', () => {
  it('say the sentences of docs/PRODUCT.md#import for count and size, and keep the drop zone text for type', () => {
    expect(dropzoneRejectionMessage({ code: 'too-many-files', message: 'Too many files' }, 'a.txt')).toBe('You can upload up to 10 files at once.');
    expect(dropzoneRejectionMessage({ code: 'file-too-large', message: 'File is larger than 1 MB' }, 'big.md')).toBe('big.md exceeds 1 MB per-file limit');
    expect(dropzoneRejectionMessage({ code: 'file-invalid-type', message: 'File type must be one of .txt, .md' }, 'x.pdf')).toBe(
      'Unsupported file type: x.pdf. File type must be .txt, .md, .markdown, .html, .htm or .docx.',
    );
    expect(dropzoneRejectionMessage({ code: 'file-too-small', message: 'File is smaller than 1 byte' }, 'e.txt')).toBe('e.txt: File is smaller than 1 byte');
  });
});

describe('import naming and results', () => {
  it('replaces the extension with .txt', () => {
    expect(importedFileName('Essay.docx')).toBe('Essay.txt');
    expect(importedFileName('notes.v2.md')).toBe('notes.v2.txt');
    expect(importedFileName('plain.txt')).toBe('plain.txt');
    // Cleaned and cut to fit the 255-character limit, never refused for its length.
    expect(importedFileName('Re\u202Eport\u200B.md')).toBe('Report.txt');
    expect(importedFileName(`${'long '.repeat(200)}.docx`)).toBe(`${'long '.repeat(50)}l.txt`);
    expect(importedFileName('\u200B.md')).toBe('Imported.txt');
    expect(importedFileName('.md')).toBe('.md.txt');
  });

  it("words the result 'No files imported', 'Imported N file(s)' or 'Imported a/n files'", () => {
    expect(importResultMessage(0, 3)).toBe('No files imported');
    expect(importResultMessage(3, 3)).toBe('Imported 3 file(s)');
    expect(importResultMessage(1, 1)).toBe('Imported 1 file(s)');
    expect(importResultMessage(2, 3)).toBe('Imported 2/3 files');
  });
});
