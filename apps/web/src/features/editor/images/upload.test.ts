import { describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, IMAGE_MESSAGES } from '@bree/contracts';
import { checkBeforeUpload, IMAGE_UPLOAD_MESSAGES, uploadFailure } from './upload';

describe('image upload failures (docs/IMAGES.md)', () => {
  it("says the server's own message for its refusals", () => {
    const error = uploadFailure(415, { error: { code: 'unsupported_image', message: 'SVG images cannot be added.' } });
    expect(error).toMatchObject({ status: 415, code: 'unsupported_image', message: 'SVG images cannot be added.' });
  });

  it("falls back to the contract's sentence for a known code, and a general one otherwise", () => {
    expect(uploadFailure(422, { error: { code: 'image_too_many_pixels' } }).message).toBe(IMAGE_MESSAGES.image_too_many_pixels);
    expect(uploadFailure(502, '<html>Bad gateway</html>').message).toBe(IMAGE_UPLOAD_MESSAGES.failed);
  });

  it('says it needs a connection when nothing answered', () => {
    expect(uploadFailure(0, null).message).toBe(IMAGE_UPLOAD_MESSAGES.offline);
  });

  it('does not send a file the server would refuse for its size', () => {
    const big = { size: IMAGE_LIMITS.maxUploadBytes + 1 } as Blob;
    expect(checkBeforeUpload(big)?.message).toBe(IMAGE_MESSAGES.image_too_large);
    expect(checkBeforeUpload({ size: 10 } as Blob)).toBeNull();
  });
});
