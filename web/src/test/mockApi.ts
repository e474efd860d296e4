import { vi } from 'vitest';
import { jsonResponse } from './render';

export interface ApiCall {
  method: string;
  /** Path and query, e.g. `/api/user`. */
  path: string;
  headers: Headers;
  /** The parsed JSON body, if any. */
  body: unknown;
}

/** Answers one call: a Response, or a promise of one (never resolving = a call still running). */
export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

/**
 * Stubs `fetch` with a small routing table keyed by "METHOD /path" (`GET /api/user`). Unknown calls answer a
 * JSON 404. Returns the list of calls made, in order, for assertions.
 */
export function mockApi(routes: Record<string, ApiHandler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: ApiCall = { method, path: url.pathname + url.search, headers: new Headers(init.headers), body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return jsonResponse({ code: 404, message: 'Not found.', errors: [] }, { status: 404 });
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The error envelope every non-2xx reply carries. */
export function apiError(status: number, message: string, errors: { field: string; message: string }[] = []): Response {
  return jsonResponse({ code: status, message, errors }, { status });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A reply that never comes (the call stays in flight). */
export function never(): Promise<Response> {
  return new Promise<Response>(() => {});
}
