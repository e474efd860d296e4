/**
 * The API client takes only the paths docs/openapi.json documents for each method (apiTypes.ts). Most of this file
 * is checked by the type check (`npm run typecheck`, `npm run build`), not by vitest: each `@ts-expect-error` line
 * must fail to compile, so a loosened path type fails the build ("Unused '@ts-expect-error' directive").
 */
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import type { components } from './api.gen';
import { apiDelete, apiDownload, apiGet, apiPatch, apiPost } from './api';
import type {
  ApiCsvListPath,
  ApiDeletePath,
  ApiDownloadPath,
  ApiGetPath,
  ApiPostPath,
  PatchReply,
  PostBody,
  PostReply,
} from './apiTypes';

/** Never called: its calls are only type-checked. */
export function documentedCallsOnly(id: number, text: string, kind: 'users' | 'transactions'): void {
  // Documented paths, their parameters filled in.
  void apiGet('/user');
  void apiGet(`/admin/users/${id}`);
  void apiGet(`/admin/${kind}/accounting`);
  void apiGet(`/coins/markets/${encodeURIComponent(text)}`);
  void apiPost(`/admin/users/${id}/edit`, {});
  void apiPatch('/admin/roles/removeMember', { users: [id] });
  void apiDelete(`/admin/roles/${id}`);
  void apiDownload(`/admin/users/report/${id}/CSV`);

  // @ts-expect-error -- a path the document lacks
  void apiGet('/admin/nowhere');
  // @ts-expect-error -- a documented path, the wrong method (POST /api/login only)
  void apiGet('/login');
  // @ts-expect-error -- the wrong method (GET /api/admin/users only)
  void apiPost('/admin/users');
  // @ts-expect-error -- the wrong method (GET /api/admin/users/{id} only)
  void apiDelete(`/admin/users/${id}`);
  // @ts-expect-error -- the wrong method (POST /api/admin/users/{id}/edit only)
  void apiPatch(`/admin/users/${id}/edit`);
  // @ts-expect-error -- `{id}` is an integer
  void apiGet('/admin/users/seven');
  // @ts-expect-error -- paths are relative to /api
  void apiGet('/api/user');
  // @ts-expect-error -- a path built from any string
  void apiGet(`/admin/${text}`);
  // @ts-expect-error -- a CSV export is apiDownload's, not apiGet's
  void apiGet('/admin/audit/CSV');
  // @ts-expect-error -- apiDownload takes only the CSV exports
  void apiDownload('/admin/audit');
  // @ts-expect-error -- /healthz is outside /api (getHealth calls it)
  void apiGet('/healthz');
}

describe('documented paths', () => {
  it('types each method with the paths the document has for it', () => {
    expectTypeOf<'/admin/users/7'>().toExtend<ApiGetPath>();
    expectTypeOf<'/admin/users/7/edit'>().not.toExtend<ApiGetPath>();
    expectTypeOf<'/admin/users/7/edit'>().toExtend<ApiPostPath>();
    expectTypeOf<'/admin/app_versions/3'>().toExtend<ApiDeletePath>();
    expectTypeOf<'/admin/wallets/report/CSV'>().toExtend<ApiDownloadPath>();
    expectTypeOf<ApiCsvListPath>().toEqualTypeOf<
      | '/admin/audit'
      | '/admin/exchange/history'
      | '/admin/transactions/history'
      | `/admin/users/report/${number}`
      | `/admin/users/wallets/${number}`
      | '/admin/wallets/report'
    >();
  });

  it('names the bodies and replies of POST and PATCH', () => {
    expectTypeOf<PostBody<'/api/login'>>().toEqualTypeOf<components['schemas']['HttpapiLoginInput']>();
    expectTypeOf<PostReply<'/api/login'>>().toEqualTypeOf<components['schemas']['HttpapiLoginReply']>();
    expectTypeOf<PostReply<'/api/admin/users/new'>>().toEqualTypeOf<components['schemas']['AccountsUser']>(); // 201
    expectTypeOf<PostReply<'/api/logout'>>().toEqualTypeOf<void>(); // 204
    expectTypeOf<PatchReply<'/api/admin/roles/removeMember'>>().toEqualTypeOf<
      components['schemas']['HttpapiUsersReply']
    >();
  });
});

describe('typed paths at run time', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls the filled-in path under /api', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({})));
    const id = 42;
    await apiGet(`/admin/users/${id}`);
    await apiPost(`/admin/users/${id}/edit`, {});
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual([
      'GET /api/admin/users/42',
      'POST /api/admin/users/42/edit',
    ]);
  });
});
