import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/api';
import type { ApiHandler } from '../../test/mockApi';
import { apiError, mockApi, never } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { AuditChainStatus } from './AuditChainStatus';

const VERIFY = 'GET /api/admin/audit/verify';

/** Answers the check with each reply in turn (the last one again after). */
function setUp(...replies: ApiHandler[]) {
  setToken('t');
  let n = 0;
  return mockApi({ [VERIFY]: (call) => replies[Math.min(n++, replies.length - 1)](call) });
}

const verified =
  (n: number, brokenAt: number | null = null, checkpoint: { entry_id: number; signed_at: string } | null = null) => () =>
    jsonResponse({ verified: n, unkeyed: 0, unchained: 0, last_entry_id: brokenAt === null && n > 0 ? n + 7 : null, broken_at: brokenAt, checkpoint });

describe('<AuditChainStatus>', () => {
  it('says the check is running until it answers', async () => {
    setUp(never);
    renderWithProviders(<AuditChainStatus />);
    expect(await screen.findByRole('status')).toHaveTextContent('Checking the audit trail…');
  });

  it('shows an intact trail with the entries verified', async () => {
    setUp(verified(1234));
    renderWithProviders(<AuditChainStatus />);
    // The entry the check reached, not a count to set beside the list's: entries written since are not in it.
    expect(await screen.findByText('Audit trail intact up to entry #1241')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/1,234 entries verified, checked \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; later entries are checked on Re-check\./);
    expect(screen.queryByText(/records/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says which signed checkpoint holds, in UTC', async () => {
    setUp(verified(1234, null, { entry_id: 1200, signed_at: '2026-11-27T19:04:05.123456Z' }));
    renderWithProviders(<AuditChainStatus />);
    expect(await screen.findByText(/Checkpoint at entry #1200/)).toHaveTextContent(
      'Checkpoint at entry #1200, signed 2026-11-27 19:04:05 UTC, verified.',
    );
  });

  it('says when no checkpoint holds yet', async () => {
    setUp(verified(3));
    renderWithProviders(<AuditChainStatus />);
    expect(await screen.findByText(/No signed checkpoint holds yet\./)).toBeInTheDocument();
  });

  it('names the first entry that does not match, and re-checks from the keyboard', async () => {
    const user = userEvent.setup();
    const calls = setUp(verified(41, 42), verified(57));
    renderWithProviders(<AuditChainStatus />);
    const broken = await screen.findByRole('alert');
    expect(broken).toHaveTextContent('Audit trail broken at entry #42');
    expect(broken).toHaveTextContent('41 entries before it verified.');

    await user.tab();
    expect(screen.getByRole('button', { name: 'Re-check' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Audit trail intact up to entry #64')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/audit/verify')).toHaveLength(2);
  });

  it('shows why the check failed, and tries again', async () => {
    const user = userEvent.setup();
    setUp(() => apiError(403, 'You do not have permission to do this.'), verified(1));
    renderWithProviders(<AuditChainStatus />);
    expect(await screen.findByText('The audit trail could not be checked: You do not have permission to do this.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Re-check' }));
    expect(await screen.findByText('Audit trail intact up to entry #8')).toBeInTheDocument();
  });
});
