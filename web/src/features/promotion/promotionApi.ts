import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import { pendingRefresh } from '../../lib/coreStatus';
import type { PromotionPayload, PromotionSettings } from './types';

export const promotionKey = ['admin-promotion'] as const;

/** `GET /api/admin/promotion`. */
export const promotionQuery = queryOptions({
  queryKey: promotionKey,
  queryFn: ({ signal }) => apiGet('/api/admin/promotion', { signal }),
  // A save not yet answered by the core: read again until it is applied or rejected.
  refetchInterval: (query) => pendingRefresh([query.state.data?.core]),
});

/** `POST /api/admin/promotion`: answers the new settings. */
export function savePromotion(payload: PromotionPayload): Promise<PromotionSettings> {
  return apiPost('/api/admin/promotion', { body: payload });
}
