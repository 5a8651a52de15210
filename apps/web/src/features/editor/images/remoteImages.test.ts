import { describe, expect, it } from 'vitest';
import { isBreeImageSrc } from '@bree/editor';
import { dataImageBlob, htmlHasWords, pastedHtmlImages } from './remoteImages';

describe('pasted HTML images (docs/IMAGES.md)', () => {
  it('keeps a remote image as a link with its alt text, never as an image', () => {
    const html = pastedHtmlImages('<p>Look: <img src="https://example.com/a.png" alt="  the  view "></p>', isBreeImageSrc);
    expect(html).toBe('<p>Look: <a href="https://example.com/a.png">the view</a></p>');
  });

  it("keeps Bree's own stored images (a copy from another document)", () => {
    const html = '<figure data-size="small"><img src="/api/images/abcdefghij12" alt="x"></figure>';
    expect(pastedHtmlImages(html, isBreeImageSrc)).toBe(html);
  });

  it('leaves the alt text of any other source, and HTML without images untouched', () => {
    expect(pastedHtmlImages('<p><img src="file:///C:/x.png" alt="local"><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg"></p>', isBreeImageSrc)).toBe(
      '<p>localsvg</p>',
    );
    expect(pastedHtmlImages('<p>plain</p>', isBreeImageSrc)).toBe('<p>plain</p>');
  });

  it('reads the bytes of a data: image of a stored type only', () => {
    expect(dataImageBlob('data:image/jpg;base64,/9j/')?.type).toBe('image/jpeg');
    expect(dataImageBlob('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(dataImageBlob('data:image/png;base64,%%%')).toBeNull();
  });

  it('takes a data: image out for upload, and tells a passage from a bare copied image', () => {
    const taken: Blob[][] = [];
    const html = pastedHtmlImages('<p>Text <img src="data:image/png;base64,iVBORw0K" alt="dot"> more</p>', isBreeImageSrc, (images) => taken.push(images));
    expect(html).toBe('<p>Text  more</p>');
    expect(taken.map((images) => images.map((i) => i.type))).toEqual([['image/png']]);
    expect(htmlHasWords('<meta charset="utf-8"><img src="https://example.com/a.png">')).toBe(false);
    expect(htmlHasWords('<p>A passage <img src="https://example.com/a.png"></p>')).toBe(true);
    expect(htmlHasWords(undefined)).toBe(false);
  });
});
