import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES } from '../../lib/api';
import { canTryAgain, captureSettings, describeFailure, fileProblem, imageProblem, submitProblem, totalSize } from './rules';

const MB = 1024 * 1024;
const file = (name: string, size: number, type = 'image/png') => ({ name, size, type });
const apiError = (status: number, code: string) => new ApiError({ status, code, message: 'x' });

describe('the feedback dialog rules (docs/PRODUCT.md#feedback), word for word', () => {
  it('allows at most 3 files', () => {
    expect(fileProblem([file('a.png', 1), file('b.png', 1)], [file('c.png', 1)])).toBeNull();
    expect(fileProblem([file('a.png', 1), file('b.png', 1)], [file('c.png', 1), file('d.png', 1)])).toBe('Maximum 3 files allowed');
  });
  it('allows 10 MB per file, naming the file and its size', () => {
    expect(fileProblem([], [file('big.mov', 10 * MB, 'video/quicktime')])).toBeNull();
    expect(fileProblem([], [file('big.mov', 12.5 * MB, 'video/quicktime')])).toBe('File "big.mov" is too large (12.50 MB). Maximum: 10 MB');
  });
  it('allows only the listed types', () => {
    for (const type of ['image/jpeg', 'video/webm', 'application/pdf', 'text/plain', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']) {
      expect(fileProblem([], [file('f', 1, type)]), type).toBeNull();
    }
    expect(fileProblem([], [file('x.zip', 1, 'application/zip')])).toBe('File type "application/zip" is not supported');
  });
  it('allows screenshots and pasted images of 2 MB', () => {
    expect(imageProblem('screenshot', 2 * MB)).toBeNull();
    expect(imageProblem('screenshot', 3 * MB)).toBe('Screenshot too large (3.00 MB). Maximum: 2 MB');
    expect(imageProblem('clipboard', 2.5 * MB)).toBe('Clipboard image too large: 2.50 MB. Maximum size is 2 MB.');
  });
  it('needs a message, and on desktop a screenshot or a file', () => {
    expect(submitProblem({ message: '  ', hasScreenshot: true, fileCount: 0, isMobile: false })).toBe('Please enter your feedback message');
    expect(submitProblem({ message: 'Hi', hasScreenshot: false, fileCount: 0, isMobile: false })).toBe('Please capture a screenshot or upload a file');
    expect(submitProblem({ message: 'Hi', hasScreenshot: false, fileCount: 0, isMobile: true })).toBeNull();
    expect(submitProblem({ message: 'Hi', hasScreenshot: false, fileCount: 1, isMobile: false })).toBeNull();
  });
  it('shows the total against 25600 KB, red above 20 MB', () => {
    expect(totalSize(1536)).toEqual({ text: '2 KB / 25600 KB', over: false });
    expect(totalSize(20 * MB)).toEqual({ text: '20480 KB / 25600 KB', over: false });
    expect(totalSize(20 * MB + 1).over).toBe(true);
  });
  it('captures at most 1920×1080 at 0.8, on a phone 1280×720 at 0.6', () => {
    expect(captureSettings({ width: 1280, height: 800 }, false)).toEqual({ pixelRatio: 1, quality: 0.8 });
    expect(captureSettings({ width: 3840, height: 2160 }, false)).toEqual({ pixelRatio: 0.5, quality: 0.8 });
    expect(captureSettings({ width: 2560, height: 720 }, true)).toEqual({ pixelRatio: 0.5, quality: 0.6 });
  });
});

describe('the failure messages (docs/PRODUCT.md#feedback)', () => {
  it('has its own message for 429 and 413, which stay until tried again', () => {
    expect(describeFailure(apiError(429, 'rate_limited'))).toEqual({
      message: 'Failed to submit feedback. Rate limit exceeded. Please wait a moment before submitting again.',
      kind: 'rateLimited',
    });
    expect(describeFailure(apiError(413, 'payload_too_large'))).toEqual({
      message: 'Failed to submit feedback. Files are too large. Please reduce file sizes or remove some files.',
      kind: 'tooLarge',
    });
    expect(describeFailure(apiError(413, 'too_many_files')).kind).toBe('tooLarge');
  });
  it('tells server errors, lost connections and refused input apart', () => {
    expect(describeFailure(apiError(500, 'internal_error')).message).toBe(
      'Failed to submit feedback. Server error occurred. Please try again in a few minutes.',
    );
    expect(describeFailure(apiError(502, 'http_502')).message).toContain('Server error occurred.');
    expect(describeFailure(apiError(0, CLIENT_ERROR_CODES.network)).message).toBe(
      'Failed to submit feedback. Please check your internet connection and try again.',
    );
    expect(describeFailure(apiError(400, 'validation_failed'))).toEqual({
      message: 'Failed to submit feedback. Please check your input and try again.',
      kind: 'other',
    });
  });
  it('offers Try Again until the third failed attempt', () => {
    expect([1, 2, 3].map(canTryAgain)).toEqual([true, true, false]);
  });
});
