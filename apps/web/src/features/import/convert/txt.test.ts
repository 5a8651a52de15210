import { describe, expect, it } from 'vitest';
import { txtToDoc } from './txt';

describe('TXT import', () => {
  it('splits paragraphs at blank lines and keeps single breaks as hard breaks', () => {
    expect(txtToDoc('One\r\ntwo\n\n\nThree\n')).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'One' }, { type: 'hardBreak' }, { type: 'text', text: 'two' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Three' }] },
      ],
    });
  });

  it('refuses a blank file', () => {
    expect(() => txtToDoc(' \n\n\t')).toThrow('The file has no text.');
  });
});
