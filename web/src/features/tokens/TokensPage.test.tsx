import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApiCall, ApiHandler } from '../../test/mockApi';
import { apiError, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithProviders } from '../../test/render';
import { CHAINS, makeToken } from './tokenFixtures';
import TokensPage from './TokensPage';

function setUp(extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    'GET /api/admin/coins/tokens': () => jsonResponse({ tokens: [makeToken()] }),
    'GET /api/cointypes': () => jsonResponse(CHAINS),
    ...extra,
  });
}

const count = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;

async function openAddForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add Token' }));
  const panel = await screen.findByRole('dialog', { name: 'Add Token' });
  await user.click(await within(panel).findByRole('button', { name: /Tron/ }));
  return panel;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, panel: HTMLElement) {
  await user.type(within(panel).getByLabelText('Token Name'), 'Test Token');
  await user.type(within(panel).getByLabelText('Symbol'), 'TST');
  await user.type(within(panel).getByLabelText('Decimals'), '6');
  await user.type(within(panel).getByLabelText('Main Contract Address'), 'TMainContract1');
  await user.type(within(panel).getByLabelText('Test Contract Address'), 'TTestContract1');
  await user.type(within(panel).getByLabelText('Max Confirmation'), '19');
}

describe('<TokensPage>', () => {
  it('lists the tokens with every column', async () => {
    setUp();
    renderWithProviders(<TokensPage />);
    expect(await screen.findByText('Tether USD')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'ID', 'Icon', 'Name', 'Symbol', 'Blockchain', 'Max Confirmation', 'Main Contract', 'Decimals', 'Test Contract', 'At the Core', 'Edit',
    ]);
    expect(screen.getByRole('button', { name: 'Edit USDT (TRX)' })).toBeInTheDocument();
  });

  it('adds a token through both steps; Add Token follows the rules; the lists reload', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp({ 'POST /api/admin/coins/new': () => jsonResponse(makeToken({ id: 12, symbol: 'TST' }), { status: 201 }) });
    const { queryClient } = renderWithProviders(<TokensPage />);
    await screen.findByText('Tether USD');
    const panel = await openAddForm(user);
    const add = within(panel).getByRole('button', { name: 'Add Token' });
    expect(within(panel).getByText('Tron')).toBeInTheDocument();
    expect(add).toBeDisabled();
    await fillValid(user, panel);
    expect(add).toBeEnabled();

    // Each rule disables it on its own.
    const symbol = within(panel).getByLabelText('Symbol');
    await user.clear(symbol);
    await user.type(symbol, 'TS');
    expect(add).toBeDisabled();
    await user.type(symbol, 'T');
    const decimals = within(panel).getByLabelText('Decimals');
    await user.clear(decimals);
    await user.type(decimals, '0');
    expect(add).toBeDisabled();
    await user.clear(decimals);
    await user.type(decimals, '6');
    const main = within(panel).getByLabelText('Main Contract Address');
    await user.clear(main);
    await user.type(main, 'TShort123');
    expect(add).toBeDisabled();
    await user.type(main, '4');
    const test = within(panel).getByLabelText('Test Contract Address');
    await user.clear(test);
    await user.type(test, 'TTest1234');
    expect(add).toBeDisabled();
    await user.type(test, '5');
    const confirmations = within(panel).getByLabelText('Max Confirmation');
    await user.clear(confirmations);
    await user.type(confirmations, '0');
    expect(add).toBeDisabled();
    await user.clear(confirmations);
    await user.type(confirmations, '19');
    expect(add).toBeEnabled();

    const tokensBefore = count(calls, '/api/admin/coins/tokens');
    await user.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Token' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Test Token',
      symbol: 'TST',
      decimals: 6,
      mainContract: 'TShort1234',
      testContract: 'TTest12345',
      maxConfirmation: 19,
      minSpendable: '0',
      blockchain: 3,
    });
    await waitFor(() => expect(count(calls, '/api/admin/coins/tokens')).toBe(tokensBefore + 1));
    // The chain coins are no longer on screen: their query is marked stale, to reload when next shown.
    expect(queryClient.getQueryState(['cointypes', 'coins'])?.isInvalidated).toBe(true);
    expect(await screen.findByText('Token has been added')).toBeInTheDocument();
  });

  it('shows the server error in the panel and keeps it open', async () => {
    const user = userEvent.setup({ delay: null });
    setUp({
      'POST /api/admin/coins/new': () =>
        apiError(400, 'Bad input.', [{ field: 'symbol', message: 'A token TST already exists on this blockchain.' }]),
    });
    renderWithProviders(<TokensPage />);
    await screen.findByText('Tether USD');
    const panel = await openAddForm(user);
    await fillValid(user, panel);
    await user.click(within(panel).getByRole('button', { name: 'Add Token' }));
    expect(await within(panel).findByText('A token TST already exists on this blockchain.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Token' })).toBeInTheDocument();
  });

  it('modifies a token in the Modify Token panel, blockchain included', async () => {
    const user = userEvent.setup({ delay: null });
    const calls = setUp({ 'POST /api/admin/coins/6/edit': () => jsonResponse(makeToken({ name: 'Tether' })) });
    renderWithProviders(<TokensPage />);
    const edit = await screen.findByRole('button', { name: 'Edit USDT (TRX)' });
    // The rows can show while the list still refetches; its spinner blocks the pointer until then, for a person too.
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await user.click(edit);
    const panel = await screen.findByRole('dialog', { name: 'Modify Token' });
    const modify = within(panel).getByRole('button', { name: 'Modify Token' });
    const name = within(panel).getByLabelText('Token Name');
    expect(name).toHaveValue('Tether USD');
    expect(modify).toBeEnabled();

    await user.clear(name);
    await user.type(name, 'Tet');
    expect(modify).toBeDisabled();
    await user.type(name, 'h');
    expect(modify).toBeEnabled();
    const decimals = within(panel).getByLabelText('Decimals');
    await user.clear(decimals);
    expect(modify).toBeDisabled();
    await user.type(decimals, '6');
    const confirmations = within(panel).getByLabelText('Max Confirmation');
    await user.clear(confirmations);
    expect(modify).toBeDisabled();
    await user.type(confirmations, '20');
    const symbol = within(panel).getByLabelText('Symbol');
    await user.clear(symbol);
    await user.type(symbol, 'US');
    expect(modify).toBeDisabled();
    await user.type(symbol, 'DT');
    const test = within(panel).getByLabelText('Test Contract Address');
    await user.clear(test);
    await user.type(test, 'short');
    expect(modify).toBeDisabled();
    await user.type(test, 'contract');

    await user.click(within(panel).getByRole('combobox', { name: 'Blockchain' }));
    await user.click(await screen.findByTitle('Ethereum'));
    await user.click(modify);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Modify Token' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/admin/coins/6/edit',
      body: {
        id: 6,
        name: 'Teth',
        symbol: 'USDT',
        decimals: 6,
        maxConfirmation: 20,
        testContract: 'shortcontract',
        minSpendable: '0.0001',
        blockchain: 2,
      },
    });
  });
});
