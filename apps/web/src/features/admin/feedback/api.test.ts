import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api';
import { loadFailure, updateFailure } from './api';

const failure = (status: number, code: string) => new ApiError({ status, code, message: 'x' });

describe('Feedback Management failure messages (docs/PRODUCT.md#admin)', () => {
  it('explains a failed load by its reason', () => {
    expect(loadFailure(failure(403, 'forbidden'))).toBe('Failed to load feedback. You do not have permission to view feedback.');
    expect(loadFailure(failure(401, 'unauthorized'))).toBe('Failed to load feedback. Please log in to view feedback.');
    expect(loadFailure(failure(0, CLIENT_ERROR_CODES.network))).toBe('Failed to load feedback. Please check your internet connection.');
    expect(loadFailure(failure(500, 'internal_error'))).toBe('Failed to load feedback. Please try again.');
  });

  it('explains a failed status or preservation change', () => {
    expect(updateFailure(failure(403, 'forbidden'), 'status')).toBe('Failed to update status. You do not have permission to update this feedback.');
    expect(updateFailure(failure(404, 'feedback_not_found'), 'preserve')).toBe('Failed to update preservation. Feedback item not found.');
    expect(updateFailure(failure(500, 'internal_error'), 'preserve')).toBe('Failed to update preservation. Please try again.');
  });
});
