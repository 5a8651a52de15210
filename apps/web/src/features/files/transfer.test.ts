import { describe, expect, it } from 'vitest';
import { downloadUrl, filenameFromDisposition, filePathUrl } from './transfer';

describe('file transfers', () => {
  it('reads the UTF-8 file name of a download, else the plain one, else the fallback', () => {
    expect(filenameFromDisposition(`attachment; filename="R_sum_.md"; filename*=UTF-8''R%C3%A9sum%C3%A9.md`, 'x')).toBe('Résumé.md');
    expect(filenameFromDisposition('attachment; filename="Notes.txt"', 'x')).toBe('Notes.txt');
    expect(filenameFromDisposition(null, 'Fallback.docx')).toBe('Fallback.docx');
  });

  it('cleans the name it reads: no bidi override, zero-width character or slash, NFC, at most 255 characters', () => {
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''Invoice%E2%80%AEfdp.exe%E2%80%8B.txt`, 'x')).toBe('Invoicefdp.exe.txt');
    expect(filenameFromDisposition('attachment; filename="Cafe\u0301.md"', 'x')).toBe('Café.md');
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fevil.txt`, 'x')).toBe('.._.._evil.txt');
    expect(Array.from(filenameFromDisposition(`attachment; filename*=UTF-8''${'%F0%9F%99%82'.repeat(300)}`, 'x'))).toHaveLength(255);
    expect(filenameFromDisposition(`attachment; filename*=UTF-8''%E2%80%8B`, 'Fall\u200Bback.md')).toBe('Fallback.md');
  });

  it('keeps a nested path as one encoded segment', () => {
    expect(filePathUrl('t1', 'drafts/My essay.txt', '/download')).toBe('/api/files/t1/drafts%2FMy%20essay.txt/download');
  });

  it('asks for the AI authorship only when the writer ticks the box', () => {
    const target = { tenantId: 't1', filePath: 'Essay.txt', format: 'html' } as const;
    expect(downloadUrl(target)).toBe('/api/files/t1/Essay.txt/download?format=html');
    expect(downloadUrl({ ...target, includeProvenance: false })).not.toContain('provenance');
    expect(downloadUrl({ ...target, includeProvenance: true })).toBe('/api/files/t1/Essay.txt/download?format=html&provenance=include');
  });

  it('asks for the comments only when the writer ticks Include comments', () => {
    const target = { tenantId: 't1', filePath: 'Essay.txt', format: 'md' } as const;
    expect(downloadUrl({ ...target, includeComments: false })).not.toContain('comments');
    expect(downloadUrl({ ...target, includeComments: true, includeProvenance: true })).toBe(
      '/api/files/t1/Essay.txt/download?format=md&provenance=include&comments=include',
    );
  });
});
