import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../lib/api';
import type { PromotionPayload, PromotionSettings } from './types';

export const promotionKey = ['admin-promotion'] as const;

/** `GET /api/admin/promotion`. */
export const promotionQuery = queryOptions({
  queryKey: promotionKey,
  queryFn: ({ signal }) => apiGet<PromotionSettings>('/admin/promotion', undefined, { signal }),
});

/** `POST /api/admin/promotion`: answers the new settings. */
export function savePromotion(payload: PromotionPayload): Promise<PromotionSettings> {
  return apiPost<PromotionSettings>('/admin/promotion', payload);
}
