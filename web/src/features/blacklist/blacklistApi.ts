import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

/** One blacklisted market. */
export interface BlacklistEntry {
  id: number;
  MarketName: string;
}

interface BlacklistReply {
  code: number;
  res?: { result?: BlacklistEntry[] };
}

/** `GET /api/admin/exchange/blackList`: only a reply whose `code` is 200 counts; any other is a failure. */
export const blacklistQuery = queryOptions({
  queryKey: ['admin-blacklist'],
  queryFn: async ({ signal }) => {
    const reply = await apiGet<BlacklistReply>('/admin/exchange/blackList', undefined, { signal });
    if (reply.code !== 200) throw new Error('The black list could not be loaded.');
    return reply.res?.result ?? [];
  },
});
