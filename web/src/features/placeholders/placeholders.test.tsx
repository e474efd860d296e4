import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setToken } from '../../lib/api';
import { Permission } from '../../lib/permissions';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { makeUser } from '../../test/users';
import ExchangePage from './ExchangePage';
import MyWalletPage from './MyWalletPage';

const candle = (day: string, open: string, close: string, percentChange: string) => ({
  startsAt: `${day}T00:00:00+00:00`,
  open,
  close,
  high: close,
  low: open,
  amountChange: '0',
  percentChange,
});

/** Each coin's market: an older day, then the newest (whose close is the price). */
const MARKETS: Record<string, [close: string, percent: string]> = {
  BTC: ['67302.11', '1.84'],
  ETH: ['3477.7', '-0.62'],
  USDT: ['1', '0.00'],
  BNB: ['590.1', '2.35'],
  LTC: ['0.5', '-1.1'],
};

function signedInWith(permissions: readonly string[]) {
  setToken('t');
  return mockApi({
    'GET /api/user': () => jsonResponse(makeUser({ permissions: [...permissions] })),
    ...Object.fromEntries(
      Object.entries(MARKETS).map(([symbol, [close, percent]]) => [
        `GET /api/coins/markets/${symbol}`,
        () => jsonResponse({ symbol, changes: [candle('2026-11-21', '1', '2', '100'), candle('2026-11-22', '2', close, percent)] }),
      ]),
    ),
  });
}

describe('the preview pages show the prices of the dashboard', () => {
  it('Exchange lists each coin at its newest close and last day change, as the candle cards write them', async () => {
    signedInWith([Permission.CANDLES]);
    renderWithProviders(<ExchangePage />);
    expect(await screen.findByLabelText('BTC price')).toHaveTextContent('$67,302.11');
    expect(await screen.findByLabelText('LTC price')).toHaveTextContent('$0.50000');
    expect(screen.getByLabelText('ETH change on the last day -0.62%')).toHaveTextContent('-0.62%');
    expect(screen.queryByText(/Prices are hidden/)).not.toBeInTheDocument();
  });

  it('My Wallet values the made-up balances at those prices, exactly', async () => {
    signedInWith([Permission.CANDLES]);
    renderWithProviders(<MyWalletPage />);
    expect(await screen.findByLabelText('BTC price')).toHaveTextContent('$67,302.11');
    // 0.18452 BTC × 67,302.11 = 12,418.5853372
    const btc = screen.getByLabelText('BTC price').closest('.ant-card')! as HTMLElement;
    expect(within(btc).getByText('0.184520 BTC')).toBeInTheDocument();
    expect(within(btc).getByText('Worth $12,418.59')).toBeInTheDocument();
  });

  it('without ADMIN_CANDLES makes no market call and says why prices are hidden', async () => {
    const calls = signedInWith([Permission.TRANSACTION_HISTORY]);
    renderWithProviders(<ExchangePage />);
    expect(await screen.findByText(/Prices are hidden: .* needs the ADMIN_CANDLES permission/)).toBeInTheDocument();
    expect(screen.getAllByText('Hidden')).toHaveLength(5);
    expect(calls.some((c) => c.path.includes('/markets/'))).toBe(false);
  });
});
