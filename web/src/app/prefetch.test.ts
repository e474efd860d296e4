import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../features/session/sessionApi';
import { Permission } from '../lib/permissions';
import { createQueryClient } from '../lib/queryClient';
import { mockApi } from '../test/mockApi';
import { jsonResponse } from '../test/render';
import { makeUser } from '../test/users';
import { prefetchDashboardAfterSignIn } from './prefetch';

const paths = (calls: { path: string }[]) => calls.map((c) => c.path);

describe('prefetchDashboardAfterSignIn', () => {
  it("asks for the coin list at once, and for the dashboard's data once the user (and their permissions) is known", async () => {
    const calls = mockApi({ 'GET /api/cointypes': () => jsonResponse([]) });
    const queryClient = createQueryClient();
    prefetchDashboardAfterSignIn(queryClient);
    expect(paths(calls)).toEqual(['/api/cointypes']);

    const user = makeUser({ permissions: [Permission.TOTAL_ONLINE_USER] });
    await queryClient.fetchQuery({ queryKey: [...currentUserQueryKey, 1], queryFn: () => user });
    await waitFor(() => expect(paths(calls)).toContain('/api/admin/users/total_onlines'));
    expect(paths(calls)).toHaveLength(2);
  });

  it('asks for nothing more when the set-up screen comes instead of the dashboard', async () => {
    const calls = mockApi({ 'GET /api/cointypes': () => jsonResponse([]) });
    const queryClient = createQueryClient();
    prefetchDashboardAfterSignIn(queryClient);
    const user = makeUser({ isGoogleAuthenticatorEnabled: false });
    await queryClient.fetchQuery({ queryKey: [...currentUserQueryKey, 1], queryFn: () => user });
    // Another user later (a new sign-in) is not this one's business either: the listener is gone.
    await queryClient.fetchQuery({ queryKey: [...currentUserQueryKey, 2], queryFn: () => makeUser() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(paths(calls)).toEqual(['/api/cointypes']);
  });
});
