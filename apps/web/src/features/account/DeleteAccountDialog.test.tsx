import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../../lib/api';
import { DeleteAccountDialog, type DeleteAccountDialogProps } from './DeleteAccountDialog';

afterEach(cleanup);

function open(props: Partial<DeleteAccountDialogProps> = {}) {
  const onConfirm = props.onConfirm ?? vi.fn(async () => undefined);
  render(<DeleteAccountDialog open onOpenChange={() => undefined} email="writer@example.com" asksPassword billingEnabled onConfirm={onConfirm} {...props} />);
  const deleteButton = () => screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { onConfirm, deleteButton, type };
}

describe('the confirmation of deleting the account', () => {
  it('says what is deleted and that billing records are kept', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeTruthy();
    expect(screen.getByText('Shared links: they stop working at once')).toBeTruthy();
    expect(screen.getByTestId('delete-account-kept').textContent).toContain('Billing records only');
  });

  it('says nothing is kept when billing is off', () => {
    open({ billingEnabled: false });
    expect(screen.getByTestId('delete-account-kept').textContent).toBe('Nothing.');
  });

  it('waits for the account’s address and the password before Delete can be pressed', () => {
    const { deleteButton, type } = open();
    expect(deleteButton().disabled).toBe(true);
    type('Type your e-mail address to confirm', 'writer@example.org');
    type('Your password', 'secret words');
    expect(deleteButton().disabled).toBe(true);
    type('Type your e-mail address to confirm', ' Writer@Example.com');
    expect(deleteButton().disabled).toBe(false);
  });

  it('asks no password with an external issuer and sends none', async () => {
    const { deleteButton, type, onConfirm } = open({ asksPassword: false });
    expect(screen.queryByLabelText('Your password')).toBeNull();
    type('Type your e-mail address to confirm', 'writer@example.com');
    fireEvent.click(deleteButton());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ email: 'writer@example.com', password: undefined }));
  });

  it('shows a wrong password under the password field and lets the writer try again', async () => {
    const onConfirm = vi.fn(async () => {
      throw new ApiError({ status: 400, code: 'delete_password_incorrect', message: 'wrong' });
    });
    const { deleteButton, type } = open({ onConfirm });
    type('Type your e-mail address to confirm', 'writer@example.com');
    type('Your password', 'not it');
    fireEvent.click(deleteButton());
    await waitFor(() => expect(screen.getByText('That password is not right.')).toBeTruthy());
    expect(screen.getByLabelText('Your password').getAttribute('aria-invalid')).toBe('true');
    expect(deleteButton().disabled).toBe(false);
  });
});
