import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card } from 'antd';
import { useEffect } from 'react';
import { PageSpinner } from '../../components/PageSpinner';
import { errorMessage } from '../../lib/api';
import { coinTypesQuery } from '../../lib/coinTypes';
import { useCountdown } from './countdown';
import { promotionKey, promotionQuery } from './promotionApi';
import { PromotionEditor } from './PromotionEditor';
import { CoreState } from '../../components/CoreState';
import { PromotionTimer } from './PromotionTimer';
import './promotion.css';

/** /promotion ('Set Promotion'): the countdown and the promotion's settings. */
export default function PromotionPage() {
  const queryClient = useQueryClient();
  const promotion = useQuery(promotionQuery);
  const coins = useQuery(coinTypesQuery(true));
  const { data } = promotion;
  const running = Boolean(data?.enabled.isEnabled) && (data?.timer.totalDuration ?? 0) > 0;
  const remaining = useCountdown(running ? (data?.timer.totalDuration ?? 0) : 0, promotion.dataUpdatedAt);

  // The countdown reaching zero turns the promotion off: ask the server again (it is off once its end has passed).
  useEffect(() => {
    if (running && remaining === 0) void queryClient.invalidateQueries({ queryKey: promotionKey });
  }, [running, remaining, queryClient]);

  if (promotion.isPending) return <PageSpinner label="Loading the promotion" />;
  if (!data) {
    return (
      <Alert
        type="error"
        showIcon
        title={errorMessage(promotion.error)}
        action={<Button onClick={() => void promotion.refetch()}>Try again</Button>}
      />
    );
  }
  return (
    <Card title="Set Promotion" size="small" extra={
        <>
          <CoreState core={data.core} /> <PromotionTimer settings={data} remaining={remaining} />
        </>
      }
    >
      {coins.isError ? <Alert type="warning" showIcon title={errorMessage(coins.error)} className="promotion__error" /> : null}
      <PromotionEditor
        // A new reply (a save, or the promotion switching off) starts the form again from the server's settings.
        key={promotion.dataUpdatedAt}
        settings={data}
        enabled={running && remaining > 0}
        coins={coins.data ?? []}
        coinsLoading={coins.isPending}
      />
    </Card>
  );
}
