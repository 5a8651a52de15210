import { describe, expect, it } from 'vitest';
import { mixedScripts, similarNameHint } from './similarName';

const other = (displayName: string, filePath = `${displayName}.txt`) => ({ fileId: 'other', displayName, filePath });

describe('the hint for a name that looks like another', () => {
  it('is absent without a similar name', () => {
    expect(similarNameHint({ displayName: 'Report' })).toBeNull();
  });

  it('names the other document', () => {
    expect(similarNameHint({ displayName: 'Report', similarNameTo: other('report') })).toBe('Similar name: report');
  });

  it("says which letters of this name are not Latin, so the writer can tell 'Report' from Cyrillic 'Rероrt'", () => {
    expect(mixedScripts('R\u0435\u0440\u043Ert')).toEqual(['Cyrillic']);
    expect(mixedScripts('Rep\u03BFrt')).toEqual(['Greek']);
    expect(mixedScripts('Отчёт')).toEqual([]);
    expect(mixedScripts('Report')).toEqual([]);
    expect(similarNameHint({ displayName: 'R\u0435\u0440\u043Ert', similarNameTo: other('Report') })).toBe(
      'Similar name: Report · this name has Cyrillic letters',
    );
  });

  it('shows the folder when the names are the same', () => {
    expect(similarNameHint({ displayName: 'Report', similarNameTo: other('Report', 'Drafts/Report.txt') })).toBe('Similar name: Drafts/Report');
  });
});
