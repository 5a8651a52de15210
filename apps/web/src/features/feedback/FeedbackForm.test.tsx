import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider, type Services } from '../../app/services';
import { ApiError } from '../../lib/api';
import FeedbackForm from './FeedbackForm';

function setup(post: (path: string, body: unknown) => Promise<unknown>) {
  const onOpenChange = vi.fn();
  const services = { api: { post: vi.fn(post) } } as unknown as Services;
  render(
    <ServicesProvider services={services}>
      <FeedbackForm onDone={() => onOpenChange(false)} />
    </ServicesProvider>,
  );
  return { onOpenChange, post: services.api.post as ReturnType<typeof vi.fn> };
}

/** Types a message and attaches a text file, as a writer on a computer must. */
function fillIn() {
  fireEvent.change(screen.getByLabelText('Your feedback'), { target: { value: 'Headings vanish on export' } });
  const input = screen.getByLabelText('Attach files') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['steps'], 'steps.txt', { type: 'text/plain' })] } });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the Submit Feedback dialog', () => {
  it('sends the message and the file as a form, thanks the writer and closes after 2 seconds', async () => {
    const { onOpenChange, post } = setup(async () => ({ success: true, id: 'f1' }));
    fillIn();
    expect(screen.getByText('25/4000')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    const [path, form] = post.mock.calls[0]! as [string, FormData];
    expect(path).toBe('/feedback');
    expect(form.get('message')).toBe('Headings vanish on export');
    expect((form.get('files') as File).name).toBe('steps.txt');
    expect(JSON.parse(form.get('browserInfo') as string)).toMatchObject({ language: expect.any(String) });
    expect(screen.getByText('Feedback Submitted!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(onOpenChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('counts failed attempts, clears a server error after 10 seconds, and offers Try Again only twice', async () => {
    setup(async () => {
      throw new ApiError({ status: 500, code: 'internal_error', message: 'x' });
    });
    fillIn();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    expect(screen.getByRole('alert').textContent).toContain('Failed to submit feedback. Server error occurred. Please try again in a few minutes.');
    expect(screen.getByText('Attempt 1 of 3')).toBeTruthy();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByRole('alert')).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    });
    expect(screen.getByText('Attempt 3 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
