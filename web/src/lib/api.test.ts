import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render';
import {
  ApiError,
  apiDelete,
  apiDownload,
  apiGet,
  apiPatch,
  apiPost,
  buildUrl,
  clearToken,
  errorMessage,
  filenameFromContentDisposition,
  getHealth,
  getToken,
  SENT_FOR_APPROVAL,
  SentForApprovalError,
  setToken,
  TOKEN_STORAGE_KEY,
} from './api';
import type { GetQuery, PostBody } from './apiTypes';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

function lastCall(): { url: string; init: RequestInit; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('token storage', () => {
  it('keeps the token in localStorage under xapa.token', () => {
    expect(getToken()).toBeNull();
    setToken('t-1');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('t-1');
    expect(TOKEN_STORAGE_KEY).toBe('xapa.token');
    expect(getToken()).toBe('t-1');
    clearToken();
    expect(getToken()).toBeNull();
  });
});

describe('headers', () => {
  it('sends the app version and JSON accept, without a token or body', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 1 }));
    await expect(apiGet('/api/user')).resolves.toEqual({ id: 1 });

    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/user');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('X-App-Version')).toBe('90000');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('sends the bearer token when one is stored', async () => {
    setToken('abc123');
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiGet('/api/user');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer abc123');
  });

  it('sends a JSON body with its content type on POST, PATCH and DELETE', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ ok: true })));

    await apiPost('/api/login', { body: { username: 'a', password: 'b' } });
    expect(lastCall().init.method).toBe('POST');
    expect(lastCall().init.body).toBe('{"username":"a","password":"b"}');
    expect(lastCall().headers.get('Content-Type')).toBe('application/json');

    await apiPatch('/api/admin/roles/removeMember', { body: { users: [1, 2] } });
    expect(lastCall().url).toBe('/api/admin/roles/removeMember');
    expect(lastCall().init.method).toBe('PATCH');
    expect(lastCall().init.body).toBe('{"users":[1,2]}');

    await apiDelete('/api/admin/roles/{id}', { params: { path: { id: 7 } } });
    expect(lastCall().init.method).toBe('DELETE');
    expect(lastCall().init.body).toBeUndefined();
    expect(lastCall().headers.has('Content-Type')).toBe(false);
  });

  it('sends the token given to the call instead of the stored one', async () => {
    setToken('stored');
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ token: 'full' })));
    await apiPost('/api/2fa/googleAuthenticator', { body: { code: '123456', password: '' }, token: 'pending' });
    expect(lastCall().headers.get('Authorization')).toBe('Bearer pending');
    await apiGet('/api/user');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer stored');
  });

  it('POST without a body sends no content type', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await apiPost('/api/logout');
    expect(lastCall().init.body).toBeUndefined();
    expect(lastCall().headers.has('Content-Type')).toBe(false);
  });
});

describe('query strings', () => {
  it('skips undefined, null and empty values and encodes the rest', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ users: [] }));
    // Values of every kind, whatever the document says of this path's parameters.
    const query = { page: 2, maxPerPage: 25, q: 'a b&c', role: '', coinType: undefined, type: null, verified: true };
    await apiGet('/api/admin/users', { params: { query: query as unknown as GetQuery<'/api/admin/users'> } });
    expect(lastCall().url).toBe('/api/admin/users?page=2&maxPerPage=25&q=a+b%26c&verified=true');
  });

  it('leaves the path alone without a query and appends to an existing one', () => {
    expect(buildUrl('/cointypes')).toBe('/api/cointypes');
    expect(buildUrl('/cointypes', { type: undefined })).toBe('/api/cointypes');
    expect(buildUrl('/cointypes?type=all', { page: 1 })).toBe('/api/cointypes?type=all&page=1');
    expect(buildUrl('/admin/transactions/history', { minDate: '2026-01-01 00:00:00' })).toBe(
      '/api/admin/transactions/history?minDate=2026-01-01+00%3A00%3A00',
    );
  });
});

describe('replies', () => {
  it('throws a change sent for approval (202 {approval}): nothing was changed, no screen may take it for done', async () => {
    const approval = { id: 4, action: 'role.edit', status: 'pending' };
    fetchMock.mockResolvedValueOnce(jsonResponse({ approval }, { status: 202 }));
    const error = await rejection(apiPost('/api/admin/roles/{id}/edit', { params: { path: { id: 7 } }, body: { role: 'Auditors' } }));
    expect(error).toBeInstanceOf(SentForApprovalError);
    expect((error as SentForApprovalError).status).toBe(202);
    expect(errorMessage(error)).toBe(SENT_FOR_APPROVAL);
    expect((error as SentForApprovalError).body).toEqual({ approval });

    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'If the address is known, a link is on its way.' }, { status: 202 }));
    await expect(apiPost('/api/password/reset', { body: { email: 'a@example.com' } })).resolves.toEqual({
      message: 'If the address is known, a link is on its way.',
    });
  });

  it('resolves a 204 to undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiDelete('/api/admin/roles/{id}', { params: { path: { id: 3 } } })).resolves.toBeUndefined();
  });

  it('turns the error envelope into an ApiError', async () => {
    const body = {
      code: 400,
      message: 'Validation failed.',
      errors: [
        { field: 'email', message: 'This email is already taken.' },
        { field: 'username', message: 'Too short.' },
      ],
    };
    fetchMock.mockResolvedValue(jsonResponse(body, { status: 400 }));

    const error = await rejection(apiPost('/api/admin/users/new', { body: { email: 'x' } as PostBody<'/api/admin/users/new'> }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('Validation failed.');
    expect(apiError.errors).toEqual(body.errors);
    expect(apiError.body).toEqual(body);
    expect(apiError.firstErrorMessage()).toBe('This email is already taken.');
    expect(errorMessage(apiError)).toBe('This email is already taken.');
  });

  it('falls back to the message when there are no field errors', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 403, message: 'Missing permission ADMIN_USERS_LIST.', errors: [] }, { status: 403 }),
    );
    const error = (await rejection(apiGet('/api/admin/users'))) as ApiError;
    expect(error.status).toBe(403);
    expect(error.errors).toEqual([]);
    expect(error.firstErrorMessage()).toBe('Missing permission ADMIN_USERS_LIST.');
  });

  it('keeps msg (register) in the body and uses it when message is missing', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 400, msg: 'Email already used.' }, { status: 400 }));
    const error = (await rejection(apiPost('/api/register', { body: {} as PostBody<'/api/register'> }))) as ApiError;
    expect(error.message).toBe('Email already used.');
    expect((error.body as { msg: string }).msg).toBe('Email already used.');
  });

  it('turns a non-JSON error body into a readable ApiError', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = (await rejection(apiGet('/api/user'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed (502 Bad Gateway).');
    expect(error.errors).toEqual([]);
    expect(error.body).toBe('<html>Bad Gateway</html>');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await rejection(apiGet('/api/user'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/could not be reached/);
  });

  it('lets a cancellation through as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const abortError = new DOMException('The operation was aborted.', 'AbortError');
    fetchMock.mockRejectedValue(abortError);
    await expect(apiGet('/api/user', { signal: controller.signal })).rejects.toBe(abortError);
  });

  it('rejects an unreadable 2xx reply with an ApiError', async () => {
    fetchMock.mockResolvedValue(new Response('not json', { status: 200 }));
    const error = (await rejection(apiGet('/api/user'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(200);
  });
});

describe('getHealth', () => {
  it('calls /healthz outside /api', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: 'ok', database: 'ok' }));
    await expect(getHealth()).resolves.toEqual({ status: 'ok', database: 'ok' });
    expect(lastCall().url).toBe('/healthz');
  });

  it('throws an ApiError on 503', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse({ code: 503, message: 'database unavailable', errors: [] }, { status: 503 }),
    );
    const error = (await rejection(getHealth())) as ApiError;
    expect(error.status).toBe(503);
    expect(error.message).toBe('database unavailable');
  });
});

describe('apiDownload', () => {
  const createObjectURL = vi.fn((_blob: Blob) => 'blob:test/1');
  const revokeObjectURL = vi.fn((_url: string) => {});

  const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };

  beforeEach(() => {
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
    // jsdom has no object URLs.
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  afterEach(() => {
    URL.createObjectURL = original.createObjectURL;
    URL.revokeObjectURL = original.revokeObjectURL;
    vi.useRealTimers();
  });

  it('saves the file under the name from Content-Disposition', async () => {
    vi.useFakeTimers();
    setToken('tok');
    fetchMock.mockResolvedValue(
      new Response('a,b\n1,2\n', {
        status: 200,
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="bonus-20260101-20261231.csv"',
        },
      }),
    );
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const name = await apiDownload('/api/admin/wallets/report/CSV', { params: { query: { minDate: '2026-01-01 00:00:00', user: '' } } });

    expect(name).toBe('bonus-20260101-20261231.csv');
    expect(lastCall().url).toBe('/api/admin/wallets/report/CSV?minDate=2026-01-01+00%3A00%3A00');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer tok');
    expect(lastCall().headers.get('X-App-Version')).toBe('90000');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    await expect(createObjectURL.mock.calls[0]?.[0].text()).resolves.toBe('a,b\n1,2\n');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('bonus-20260101-20261231.csv');
    expect(clicked[0]?.getAttribute('href')).toBe('blob:test/1');
    expect(clicked[0]?.isConnected).toBe(false); // removed again
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
  });

  it('throws an ApiError and saves nothing on an error reply', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 401, message: 'Unauthorized', errors: [] }, { status: 401 }));
    const error = (await rejection(apiDownload('/api/admin/exchange/history/CSV', { params: { query: {} } }))) as ApiError;
    expect(error.status).toBe(401);
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});

describe('filenameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="history-20260101-20260131.csv"', 'history-20260101-20260131.csv'],
    ['attachment; filename=report.csv', 'report.csv'],
    ["attachment; filename=\"fallback.csv\"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv", 'résumé.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
    [null, null],
  ])('%s -> %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });
});
