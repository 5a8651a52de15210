import { describe, expect, it } from 'vitest';
import { filenameFromDisposition, filePathUrl } from './transfer';

describe('file transfers', () => {
  it('reads the UTF-8 file name of a download, else the plain one, else the fallback', () => {
    expect(filenameFromDisposition(`attachment; filename="R_sum_.md"; filename*=UTF-8''R%C3%A9sum%C3%A9.md`, 'x')).toBe('Résumé.md');
    expect(filenameFromDisposition('attachment; filename="Notes.txt"', 'x')).toBe('Notes.txt');
    expect(filenameFromDisposition(null, 'Fallback.docx')).toBe('Fallback.docx');
  });

  it('keeps a nested path as one encoded segment', () => {
    expect(filePathUrl('t1', 'drafts/My essay.txt', '/download')).toBe('/api/files/t1/drafts%2FMy%20essay.txt/download');
  });
});
