/**
 * Query keys that more than one feature touches. A feature keeps its own keys; one that another feature must
 * invalidate lives here, so neither imports the other (saving a role refreshes the user lists, which show roles).
 */
export const USERS_QUERY_ROOT = ['admin-users'] as const;

/**
 * The four-eyes approval requests (the Approvals screen and the top bar's badge): any change sent for approval, from
 * whichever screen, reloads them (queryClient.ts).
 */
export const APPROVALS_QUERY_ROOT = ['approvals'] as const;
