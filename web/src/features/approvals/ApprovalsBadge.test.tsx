import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Permission } from '../../lib/permissions';
import { POLL_INTERVAL_MS } from '../../lib/queryClient';
import { mockApi } from '../../test/mockApi';
import { currentPath, jsonResponse, renderWithProviders } from '../../test/render';
import { signedInAs } from '../../test/users';
import { ApprovalsBadge } from './ApprovalsBadge';
import { approvalsPage, makeRequest } from './approvalTestData';

describe('ApprovalsBadge', () => {
  beforeEach(() => {
    // Only the polling's interval is faked: the testing library's own waits keep real timeouts.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    focusManager.setFocused(undefined);
  });

  it('counts the pending requests the viewer may decide, polls every 10 s, and links to Approvals', async () => {
    let requests = [makeRequest({ id: 1 }), makeRequest({ id: 2 }), makeRequest({ id: 3, can_decide: false })];
    const calls = mockApi({
      ...signedInAs([Permission.EDIT_ROLE]),
      'GET /api/admin/approvals': () => jsonResponse(approvalsPage(requests)),
    });
    renderWithProviders(<ApprovalsBadge />);
    const link = await screen.findByRole('link', { name: '2 requests waiting for your approval' });
    expect(link).toHaveAttribute('href', '/approvals');
    expect(calls.find((c) => c.path.startsWith('/api/admin/approvals'))?.path).toBe('/api/admin/approvals?status=pending&maxPerPage=100');
    const polls = () => calls.filter((c) => c.path.startsWith('/api/admin/approvals')).length;
    expect(polls()).toBe(1);

    requests = [makeRequest({ id: 1 })];
    act(() => vi.advanceTimersByTime(POLL_INTERVAL_MS - 1));
    expect(polls()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(await screen.findByRole('link', { name: '1 request waiting for your approval' })).toBeInTheDocument();
    expect(polls()).toBe(2);

    requests = [];
    act(() => vi.advanceTimersByTime(POLL_INTERVAL_MS));
    expect(await screen.findByRole('link', { name: 'No requests waiting for your approval' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link'));
    expect(currentPath()).toBe('/approvals');
  });

  it('pauses while the window is in the background, as the other polling does', async () => {
    const calls = mockApi({
      ...signedInAs([Permission.EDIT_ROLE]),
      'GET /api/admin/approvals': () => jsonResponse(approvalsPage([makeRequest()])),
    });
    renderWithProviders(<ApprovalsBadge />);
    await screen.findByRole('link', { name: '1 request waiting for your approval' });
    const polls = () => calls.filter((c) => c.path.startsWith('/api/admin/approvals')).length;
    act(() => focusManager.setFocused(false));
    act(() => vi.advanceTimersByTime(3 * POLL_INTERVAL_MS));
    expect(polls()).toBe(1);
    act(() => focusManager.setFocused(true));
    act(() => vi.advanceTimersByTime(POLL_INTERVAL_MS));
    await waitFor(() => expect(polls()).toBe(2));
  });

  it('is not shown to staff who may not see approvals', async () => {
    const calls = mockApi({ ...signedInAs([Permission.USERS_LIST, Permission.AUDIT_LOG]) });
    renderWithProviders(<ApprovalsBadge />);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user')).toBe(true));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/admin/approvals'))).toBe(false);
  });
});
