import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { jsonResponse, renderWithProviders } from '../../test/render';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('sign-in page', () => {
  it('shows the title, the subtitle and "Server: ok" when /healthz answers ok', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'ok', database: 'ok' }));
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });

    expect(await screen.findByRole('heading', { name: 'Xapa Back Office' })).toBeInTheDocument();
    expect(screen.getByText('Staff sign-in')).toBeInTheDocument();
    const status = await screen.findByText('Server: ok');
    expect(status).toHaveClass('ant-tag-green');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/healthz');
  });

  it('shows "Server: unavailable" when /healthz answers 503', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 503, message: 'database unavailable', errors: [] }, { status: 503 }),
    );
    renderWithProviders(<AppRoutes />, { route: '/login' });

    const status = await screen.findByText('Server: unavailable');
    expect(status).toHaveClass('ant-tag-red');
    expect(fetchMock).toHaveBeenCalledTimes(1); // a 503 is shown at once, not retried
  });

  it('shows "Server: unavailable" when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    expect(await screen.findByText('Server: unavailable')).toBeInTheDocument();
  });

  it('shows a spinner while the check runs', async () => {
    fetchMock.mockReturnValue(new Promise<Response>(() => {}));
    renderWithProviders(<AppRoutes />, { route: '/admin/login' });
    expect(await screen.findByText('Checking server…')).toBeInTheDocument();
    expect(screen.getByTestId('server-status').querySelector('.ant-spin')).not.toBeNull();
  });

  it('redirects every other path to the sign-in page', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'ok', database: 'ok' }));
    renderWithProviders(<AppRoutes />, { route: '/history' });
    expect(await screen.findByRole('heading', { name: 'Xapa Back Office' })).toBeInTheDocument();
  });
});
