import { StyleProvider } from '@ant-design/cssinjs';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import AntdScope from '../app/AntdScope';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../lib/queryClient';

interface RenderOptions {
  route?: string;
  /** Default: a fresh one with the app's defaults. */
  queryClient?: QueryClient;
  /**
   * Put Ant Design's styles in the document, for a test that checks what its classes hide. Off by default: jsdom's
   * getComputedStyle, which user-event calls for each element it points at, walks every style rule in the document,
   * and with Ant Design's rules in it the units took one and a half times as long.
   */
  antdStyles?: boolean;
}

/**
 * Renders `ui` with the app's providers (session and toasts included), Ant Design's (AntdScope, which the app puts
 * around its Ant Design screens), a QueryClient and a MemoryRouter at `route`.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createQueryClient(), antdStyles = false }: RenderOptions = {},
) {
  const result = render(
    <StyleProvider mock={antdStyles ? undefined : 'server'}>
      <AppProviders queryClient={queryClient}>
        <AntdScope>
          <MemoryRouter initialEntries={[route]}>
            {ui}
            <LocationProbe />
          </MemoryRouter>
        </AntdScope>
      </AppProviders>
    </StyleProvider>,
  );
  return { ...result, queryClient };
}

/** A fetch Response with a JSON body. */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

/** Shows the router's current path (read it with `currentPath()`). */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location" hidden>{pathname + search}</output>;
}

/** The MemoryRouter's current path and query, as the LocationProbe shows it. */
export function currentPath(): string {
  return document.querySelector('[data-testid="location"]')?.textContent ?? '';
}
