import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { ResendVerificationButton } from './ResendVerificationButton';

describe('<ResendVerificationButton>', () => {
  it("shows the server's status in a success toast", async () => {
    const calls = mockApi({
      'GET /api/admin/email/304/sendmail': () => jsonResponse({ status: 'Verification email sent to nadia@example.com.' }),
    });
    renderWithProviders(<ResendVerificationButton userId={304} />);
    await userEvent.click(screen.getByRole('button', { name: /Resend Verification Email/ }));
    const toast = await screen.findByText('Verification email sent to nadia@example.com.');
    expect(toast.closest('.ant-message-notice')?.querySelector('.ant-message-success')).not.toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /api/admin/email/304/sendmail');
  });

  it('shows the error text in an error toast (e.g. already verified)', async () => {
    mockApi({
      'GET /api/admin/email/6/sendmail': () => apiError(400, 'The email ines@example.com is already verified.'),
    });
    renderWithProviders(<ResendVerificationButton userId={6} />);
    await userEvent.click(screen.getByRole('button', { name: /Resend Verification Email/ }));
    const toast = await screen.findByText('The email ines@example.com is already verified.');
    expect(toast.closest('.ant-message-notice')?.querySelector('.ant-message-error')).not.toBeNull();
  });
});
