import { SaveError } from '../../components/SaveError';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Space } from 'antd';
import { useState } from 'react';
import type { CoinType } from '../../lib/coinTypes';
import { BonusFields } from './BonusFields';
import { MinimumBonusList } from './MinimumBonusList';
import { promotionKey, savePromotion } from './promotionApi';
import type { PromotionDraft } from './promotionRules';
import { canSubmitPromotion, draftFromSettings, startNow, toPayload } from './promotionRules';
import { PromotionRange } from './PromotionRange';
import type { PromotionPayload, PromotionSettings } from './types';
import { useCoinInfo } from './useCoinInfo';
import { isFailure, isSentForApproval, sentForApprovalText } from '../../lib/sentForApproval';
import { toast } from '../../lib/toast';

export const PROMOTION_SAVED = 'Promotion has been saved';
export const PROMOTION_STARTED = 'Promotion has been started';
export const PROMOTION_STOPPED = 'Promotion has been stopped';

interface PromotionEditorProps {
  settings: PromotionSettings;
  /** Whether the promotion is on now (the countdown has not reached zero). */
  enabled: boolean;
  coins: readonly CoinType[];
  coinsLoading: boolean;
}

interface Save {
  payload: PromotionPayload;
  toast: string;
}

/**
 * The promotion's settings as a form: range, both bonuses, the minimum list; Submit, and Stop Now while it runs or
 * Start Now while it is off (Start Now would move a running promotion's start to now).
 */
export function PromotionEditor({ settings, enabled, coins, coinsLoading }: PromotionEditorProps) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PromotionDraft>(() => draftFromSettings(settings));
  const coinInfo = useCoinInfo(coins, settings);
  const change = (part: Partial<PromotionDraft>) => setDraft((current) => ({ ...current, ...part }));

  const save = useMutation({
    mutationFn: ({ payload }: Save) => savePromotion(payload),
    onSuccess: (reply, { toast: done }) => {
      toast.success(done);
      // The reply is the new settings: the page shows them (and this form starts again from them).
      queryClient.setQueryData(promotionKey, reply);
    },
    // Sent for approval (the app's toast says so): the form keeps the change as sent, under a note saying it waits
    // for approval; going back to the settings in force looked as if the change had been lost.
  });
  const submitting = save.isPending;
  const listEmpty = draft.minimum.length === 0;
  const bonusProps = { coins, coinsLoading, coinInfo };

  return (
    <Form layout="vertical" component="div" className="promotion__form">
      <PromotionRange start={draft.start} end={draft.end} onChange={change} />
      <div className="promotion__bonuses">
        <BonusFields side="Inviter" bonus={draft.inviter} onChange={(inviter) => change({ inviter })} {...bonusProps} />
        <BonusFields side="Invited" bonus={draft.invited} onChange={(invited) => change({ invited })} {...bonusProps} />
      </div>
      <MinimumBonusList
        minimum={draft.minimum}
        onMinimumChange={(minimum) => change({ minimum })}
        waitingDays={draft.waitingDays}
        onWaitingDaysChange={(waitingDays) => change({ waitingDays })}
        {...bonusProps}
      />
      {isFailure(save.error) ? <SaveError error={save.error} /> : null}
      {isSentForApproval(save.error) ? (
        <Alert
          type="info"
          showIcon
          title="Waiting for approval"
          description={`${sentForApprovalText(save.error)} The form shows the change as sent; the promotion runs as before until then.`}
          className="promotion__error"
        />
      ) : null}
      <Space wrap>
        <Button
          type="primary"
          disabled={!canSubmitPromotion(draft) || submitting}
          loading={submitting && save.variables?.toast === PROMOTION_SAVED}
          onClick={() => save.mutate({ payload: toPayload(draft, enabled), toast: PROMOTION_SAVED })}
        >
          Submit
        </Button>
        <Button
          danger
          // Only a running promotion can stop; Start Now runs a stopped one from now (Submit changes a running one).
          disabled={!enabled || submitting}
          title={enabled ? undefined : 'The promotion is off.'}
          loading={submitting && save.variables?.toast === PROMOTION_STOPPED}
          onClick={() => save.mutate({ payload: toPayload(draft, false), toast: PROMOTION_STOPPED })}
        >
          Stop Now
        </Button>
        <Button
          disabled={enabled || listEmpty || submitting}
          title={enabled ? 'The promotion is running: Stop Now first, or change it with Submit.' : undefined}
          loading={submitting && save.variables?.toast === PROMOTION_STARTED}
          onClick={() => save.mutate({ payload: toPayload(startNow(draft), true), toast: PROMOTION_STARTED })}
        >
          Start Now
        </Button>
      </Space>
    </Form>
  );
}
