/**
 * The API client (api.ts, over openapi-fetch) takes only what docs/openapi.json documents: the path for the method,
 * its parameters (`params.path`, `params.query`) and its body; and the reply's type comes from the document, not from
 * the caller. Most of this file is checked by the type check (`npm run typecheck`, `npm run build`), not by vitest:
 * each `@ts-expect-error` line must fail to compile, so a loosened type fails the build ("Unused '@ts-expect-error'
 * directive"). The rest checks that the URLs are the ones the client sent before openapi-fetch (buildUrl's).
 */
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import type { Query } from './api';
import { apiDelete, apiDownload, apiGet, apiPatch, apiPost } from './api';
import type { CsvGetPath, GetQuery, GetReply, JsonGetPath, PatchReply, PostBody, PostReply } from './apiTypes';

/** Never called: its calls are only type-checked. */
export async function documentedCallsOnly(id: number, text: string): Promise<void> {
  // Documented paths, parameters and bodies.
  void apiGet('/api/user');
  void apiGet('/api/admin/users/{id}', { params: { path: { id } } });
  void apiGet('/api/admin/users', { params: { query: { page: 1, q: text, staff: 'false' } } });
  void apiGet('/api/coins/markets/{symbol}', { params: { path: { symbol: text } } });
  void apiPost('/api/admin/users/{id}/edit', { params: { path: { id } }, body: { enabled: false } });
  void apiPatch('/api/admin/roles/removeMember', { body: { users: [id] } });
  void apiDelete('/api/admin/roles/{id}', { params: { path: { id } } });
  void apiDownload('/api/admin/users/report/{id}/CSV', { params: { path: { id } } });

  // @ts-expect-error -- a path the document lacks
  void apiGet('/api/admin/nowhere');
  // @ts-expect-error -- a documented path, the wrong method (POST /api/login only)
  void apiGet('/api/login');
  // @ts-expect-error -- the wrong method (GET /api/admin/users only)
  void apiPost('/api/admin/users');
  // @ts-expect-error -- the wrong method (GET /api/admin/users/{id} only)
  void apiDelete('/api/admin/users/{id}', { params: { path: { id } } });
  // @ts-expect-error -- paths are the document's, /api included
  void apiGet('/user');
  // @ts-expect-error -- a path built by hand: parameters go in params.path
  void apiGet(`/api/admin/users/${id}`);
  // @ts-expect-error -- the path's parameter is missing
  void apiGet('/api/admin/users/{id}');
  // @ts-expect-error -- `{id}` is an integer
  void apiGet('/api/admin/users/{id}', { params: { path: { id: 'seven' } } });
  // @ts-expect-error -- a query key the document lacks for this path
  void apiGet('/api/admin/users', { params: { query: { page: 1, verified: true } } });
  // @ts-expect-error -- a query value of the wrong type (`staff` is 'true' or 'false')
  void apiGet('/api/admin/users', { params: { query: { staff: false } } });
  // @ts-expect-error -- a body key the document lacks
  void apiPost('/api/login', { body: { user: 'a', password: 'b' } });
  // @ts-expect-error -- a CSV export is apiDownload's, not apiGet's
  void apiGet('/api/admin/audit/CSV');
  // @ts-expect-error -- apiDownload takes only the CSV exports
  void apiDownload('/api/admin/audit');

  // The reply is the document's: a caller cannot choose another.
  const user = await apiGet('/api/admin/users/{id}', { params: { path: { id } } });
  expectTypeOf(user).toEqualTypeOf<GetReply<'/api/admin/users/{id}'>>();
  // @ts-expect-error -- `email` is a string
  const email: number = user.email;
  void email;
  // @ts-expect-error -- apiGet takes no reply type
  void apiGet<{ id: number }>('/api/user');
}

describe('documented paths', () => {
  it('types each method with the paths the document has for it', () => {
    expectTypeOf<'/api/admin/users/{id}'>().toExtend<JsonGetPath>();
    expectTypeOf<'/api/admin/audit/CSV'>().not.toExtend<JsonGetPath>();
    expectTypeOf<'/api/admin/wallets/report/CSV'>().toExtend<CsvGetPath>();
    expectTypeOf<'/api/admin/wallets/report'>().not.toExtend<CsvGetPath>();
    expectTypeOf<GetQuery<'/api/admin/sessions'>>().toEqualTypeOf<{ page?: number; maxPerPage?: number; user?: string }>();
  });

  it('names the bodies and replies of POST and PATCH', () => {
    expectTypeOf<PostBody<'/api/login'>>().toHaveProperty('password');
    expectTypeOf<PostReply<'/api/login'>>().toHaveProperty('token');
    expectTypeOf<PostReply<'/api/admin/users/new'>>().toEqualTypeOf<GetReply<'/api/admin/users/{id}'>>(); // 201
    // 200, not the 202 of a change sent for approval (api.ts throws it as a SentForApprovalError).
    expectTypeOf<PostReply<'/api/admin/users/{id}/edit'>>().toEqualTypeOf<GetReply<'/api/admin/users/{id}'>>();
    expectTypeOf<PostReply<'/api/logout'>>().toEqualTypeOf<void>(); // 204
    expectTypeOf<PatchReply<'/api/admin/roles/removeMember'>>().toHaveProperty('users');
  });
});

/** The URL the client built before openapi-fetch (api.ts's buildUrl as it was), the reference for the ones it builds now. */
function legacyUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

describe('URLs', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({})));
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {}); // jsdom navigates to no file
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const sent = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`);

  it('fills in the path parameters as the paths built by hand did', async () => {
    const id = 42;
    const symbol = 'BTC/USD ü';
    await apiGet('/api/admin/users/{id}', { params: { path: { id } } });
    await apiPost('/api/admin/users/{id}/edit', { params: { path: { id } }, body: {} });
    await apiGet('/api/coins/markets/{symbol}', { params: { path: { symbol } } });
    expect(sent()).toEqual([
      `GET ${legacyUrl(`/admin/users/${id}`)}`,
      `POST ${legacyUrl(`/admin/users/${id}/edit`)}`,
      `GET ${legacyUrl(`/coins/markets/${encodeURIComponent(symbol)}`)}`,
    ]);
    expect(sent()).toEqual(['GET /api/admin/users/42', 'POST /api/admin/users/42/edit', 'GET /api/coins/markets/BTC%2FUSD%20%C3%BC']);
  });

  const queries: Query[] = [
    {},
    { page: 1, maxPerPage: 25 },
    { maxPerPage: 25, page: 3 }, // the order given is kept
    { q: 'a b&c=d?e#f+g/h%i', user: 'ü@example.com' },
    { minDate: '2026-01-01 00:00:00', maxDate: '2026-12-31 23:59:59' },
    { role: '', coinType: undefined, type: null, staff: 'true' }, // '', undefined and null are left out
    { enabled: true, verified: false, amount: 0, page: -1 },
    { q: "'!()*~" },
  ];

  it.each(queries)('sends the query string buildUrl sent: %j', async (query) => {
    // Values of every kind, whatever the document says of this path's parameters.
    await apiGet('/api/admin/users', { params: { query: query as GetQuery<'/api/admin/users'> } });
    await apiDownload('/api/admin/users/report/{id}/CSV', {
      params: { path: { id: 7 }, query: query as GetQuery<'/api/admin/users/report/{id}/CSV'> },
    });
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      legacyUrl('/admin/users', query),
      legacyUrl('/admin/users/report/7/CSV', query),
    ]);
  });
});
