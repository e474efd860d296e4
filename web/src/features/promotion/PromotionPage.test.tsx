import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoinType } from '../../lib/coinTypes';
import { dayjs } from '../../lib/dates';
import type { ApiCall, ApiHandler } from '../../test/mockApi';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import PromotionPage from './PromotionPage';
import { START_NOW_DURATION_MS } from './promotionRules';
import { makePromotion } from './testData';
import type { PromotionPayload, PromotionSettings } from './types';

/** A save the page sent: it always sends every field (the schema's input fields are all optional). */
type SentPayload = Required<PromotionPayload>;

const COINS = [
  { id: 1, name: 'Bitcoin', symbol: 'BTC', type: 'coin', blockchain: null, fiatExchangeRate: '67250.12' },
  { id: 3, name: 'Tron', symbol: 'TRX', type: 'coin', blockchain: null, fiatExchangeRate: '0.1234' },
  { id: 6, name: 'Tether USD', symbol: 'USDT', type: 'token', blockchain: 'TRX', fiatExchangeRate: '1' },
].map((c) => ({ ...c, icon: '', conversionRate: '1', decimals: 6, maxConfirmation: 3 })) as CoinType[];

function setUp(promotion: PromotionSettings | (() => PromotionSettings), extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/admin/promotion': () => jsonResponse(typeof promotion === 'function' ? promotion() : promotion),
    'GET /api/cointypes': () => jsonResponse(COINS),
    'POST /api/admin/promotion': (call) => jsonResponse(makePromotion({ enabled: { isEnabled: (call.body as SentPayload).isEnabled } })),
    ...extra,
  });
}

const posted = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.body as SentPayload);

type User = ReturnType<typeof userEvent.setup>;

async function pickCoin(user: User, select: string, coin: string) {
  await user.click(screen.getByRole('combobox', { name: select }));
  await user.click(await screen.findByTitle(coin));
}

describe('<PromotionPage>', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the countdown, the amounts with their coin equivalents, one of each pair disabled', async () => {
    setUp(makePromotion());
    renderWithProviders(<PromotionPage />);
    expect(await screen.findByRole('timer', { name: 'Time left' })).toHaveTextContent(/^(01:00:00|00:59:[0-5]\d)$/);
    expect(screen.getByText('Set Promotion')).toBeInTheDocument();
    // Inviter: a promotion amount (10), so its default amount is disabled.
    expect(screen.getByLabelText('Inviter Promotion Amount (USD)')).toBeEnabled();
    expect(screen.getByLabelText('Inviter Default Amount (USD)')).toBeDisabled();
    expect(screen.getByLabelText('Inviter Promotion Amount (USD)')).toHaveAccessibleDescription('≈ 10.0000000 USDT');
    // Invited: a default amount (5), so its promotion amount is disabled.
    expect(screen.getByLabelText('Invited Promotion Amount (USD)')).toBeDisabled();
    expect(screen.getByLabelText('Invited Default Amount (USD)')).toHaveAccessibleDescription('≈ 5.0000000 USDT');
    // The minimum list: the default 60 USD, the coin equivalent with 5 decimals, waiting time locked.
    expect(screen.getByLabelText('Amount (USD)')).toHaveValue('60');
    expect(screen.getByRole('cell', { name: '60.00000 USDT' })).toBeInTheDocument();
    expect(screen.getByLabelText('Waiting Time (days)')).toBeDisabled();
    expect(screen.getByLabelText('Waiting Time (days)')).toHaveValue('50');
  });

  it('switches the pair as amounts change, and converts with the chosen coin', async () => {
    const user = userEvent.setup({ delay: null });
    setUp(makePromotion());
    renderWithProviders(<PromotionPage />);
    const amount = await screen.findByLabelText('Inviter Promotion Amount (USD)');
    await user.clear(amount);
    expect(screen.getByLabelText('Inviter Default Amount (USD)')).toBeEnabled();
    await user.type(screen.getByLabelText('Inviter Default Amount (USD)'), '100');
    expect(amount).toBeDisabled();
    await pickCoin(user, 'Inviter Coin', 'BTC · Bitcoin');
    expect(screen.getByLabelText('Inviter Default Amount (USD)')).toHaveAccessibleDescription('≈ 0.0014870 BTC');
  });

  it('the minimum list: a coin once, Add needs an amount, the waiting time locks; Submit needs an entry', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp(makePromotion());
    renderWithProviders(<PromotionPage />);
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(submit).toBeEnabled();

    // USDT is listed already: not offered again.
    await user.click(screen.getByRole('combobox', { name: 'Minimum Coin' }));
    expect(await screen.findByTitle('BTC · Bitcoin')).toBeInTheDocument();
    const offered = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));
    expect(offered).toEqual(['BTC · Bitcoin', 'TRX · Tron']);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Remove USDT (TRX)' }));
    expect(submit).toBeDisabled();
    const waiting = screen.getByLabelText('Waiting Time (days)');
    expect(waiting).toBeEnabled();
    await user.clear(waiting);
    await user.type(waiting, '30');

    const add = screen.getByRole('button', { name: /Add$/ });
    const amount = screen.getByLabelText('Amount (USD)');
    await user.clear(amount);
    await pickCoin(user, 'Minimum Coin', 'BTC · Bitcoin');
    expect(add).toBeDisabled();
    await user.type(amount, '100');
    expect(amount).toHaveAccessibleDescription('≈ 0.00149 BTC');
    await user.click(add);
    expect(screen.getByRole('cell', { name: '0.00149 BTC' })).toBeInTheDocument();
    expect(waiting).toBeDisabled();
    expect(submit).toBeEnabled();

    await user.click(submit);
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({
      isEnabled: true,
      minimum: [{ coin: 1, main: '100' }],
      waiting_time: { days: 30 },
      inviter_bonus: { coin: 6, amount: '10', default: '0', network: 'main' },
      invited_bonus: { coin: 6, amount: '0', default: '5', network: 'main' },
      range: { start_date: '2026-11-12 03:00:00', end_date: '2026-12-12 03:00:00' },
    });
    expect(await screen.findByText('Promotion has been saved')).toBeInTheDocument();
  });

  it('Start Now: enabled from now until now + 4e10 ms; Stop Now: disabled', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp(makePromotion({ enabled: { isEnabled: false }, timer: { totalDuration: 0, isStart: false } }));
    renderWithProviders(<PromotionPage />);
    expect(await screen.findByText('The promotion is off.')).toBeInTheDocument();
    const before = dayjs().millisecond(0);
    await user.click(screen.getByRole('button', { name: 'Start Now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    const started = posted(calls)[0];
    expect(started.isEnabled).toBe(true);
    const start = dayjs.utc(started.range.start_date);
    const end = dayjs.utc(started.range.end_date);
    expect(Math.abs(start.diff(before))).toBeLessThan(5_000);
    expect(end.diff(start)).toBe(START_NOW_DURATION_MS);
    expect(await screen.findByText('Promotion has been started')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Stop Now' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(2));
    expect(posted(calls)[1]).toMatchObject({ isEnabled: false, minimum: [{ coin: 6, main: '60' }] });
    expect(await screen.findByText('Promotion has been stopped')).toBeInTheDocument();
  });

  it('while it runs, Start Now is disabled (it would move the start to now); while it is off, Stop Now is', async () => {
    setUp(makePromotion());
    renderWithProviders(<PromotionPage />);
    expect(await screen.findByRole('button', { name: 'Start Now' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop Now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('a save the approval policy covers: said to be sent, not saved; the form keeps the change it waits on', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = { approval: { id: 4, action: 'promotion.save', status: 'pending', summary: 'Save the promotion' } };
    const calls = setUp(makePromotion(), { 'POST /api/admin/promotion': () => jsonResponse(sent, { status: 202 }) });
    renderWithProviders(<PromotionPage />);
    const amount = await screen.findByLabelText('Inviter Promotion Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '12');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toMatchObject({ inviter_bonus: { amount: '12' } });

    const notes = await screen.findAllByText(/^Sent for approval: Save the promotion\./);
    expect(notes.length).toBeGreaterThanOrEqual(1); // the note under the form, and the app's toast
    expect(screen.queryByText('Promotion has been saved')).not.toBeInTheDocument();
    expect(screen.getByText('Waiting for approval')).toBeInTheDocument();
    expect(screen.getByLabelText('Inviter Promotion Amount (USD)')).toHaveValue('12');
  });

  it('the countdown reaching zero turns the promotion off and asks the server again', async () => {
    // The countdown's clock is the test's: only its interval and Date are faked, so the page's other waits still run.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let reads = 0;
    const calls = setUp(() => {
      reads += 1;
      return reads === 1
        ? makePromotion({ timer: { totalDuration: 1_500, isStart: true } })
        : makePromotion({ enabled: { isEnabled: false }, timer: { totalDuration: 0, isStart: false } });
    });
    renderWithProviders(<PromotionPage />);
    expect(await screen.findByRole('timer', { name: 'Time left' })).toHaveTextContent('00:00:02');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('00:00:01');
    expect(calls.filter((c) => c.path === '/api/admin/promotion')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(await screen.findByText('The promotion is off.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/admin/promotion')).toHaveLength(2);
    expect(within(screen.getByTestId('promotion-timer')).getByText('Off')).toBeInTheDocument();
  });
});
