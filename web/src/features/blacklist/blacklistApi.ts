import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';
import type { GetReply } from '../../lib/apiTypes';

/** One blacklisted market, generated from docs/openapi.json. */
export type BlacklistEntry = NonNullable<GetReply<'/api/admin/exchange/blackList'>['res']>['result'][number];

/** `GET /api/admin/exchange/blackList`: only a reply whose `code` is 200 counts; any other is a failure. */
export const blacklistQuery = queryOptions({
  queryKey: ['admin-blacklist'],
  queryFn: async ({ signal }) => {
    // `{code, res: {result}}`: the product's envelope, kept by the server for this call.
    const reply = await apiGet('/api/admin/exchange/blackList', { signal });
    if (reply.code !== 200) throw new Error('The black list could not be loaded.');
    return reply.res?.result ?? [];
  },
});
