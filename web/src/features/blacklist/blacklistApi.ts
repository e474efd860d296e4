import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { components } from '../../lib/api.gen';
import type { GetReply } from '../../lib/apiTypes';

/** One blacklisted market, generated from docs/openapi.json. */
export type BlacklistEntry = components['schemas']['TokensBlacklistEntry'];

/** `{code, res: {result}}`: the product's envelope, kept by the server for this call. */
type BlacklistReply = GetReply<'/api/admin/exchange/blackList'>;

/** `GET /api/admin/exchange/blackList`: only a reply whose `code` is 200 counts; any other is a failure. */
export const blacklistQuery = queryOptions({
  queryKey: ['admin-blacklist'],
  queryFn: async ({ signal }) => {
    const reply = await apiGet<BlacklistReply>('/admin/exchange/blackList', undefined, { signal });
    if (reply.code !== 200) throw new Error('The black list could not be loaded.');
    return reply.res?.result ?? [];
  },
});
