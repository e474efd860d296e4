/**
 * The one API client of the web app. Every call to the Go server goes through here.
 *
 * - Paths are relative to API_BASE (`apiGet('/user')` calls `/api/user`), and each function takes only the paths
 *   docs/openapi.json documents for its method (ApiGetPath, ApiPostPath, ... in apiTypes.ts): a call to an
 *   undocumented path, or with the wrong method, fails the type check.
 * - Headers: `Authorization: Bearer <token>` (when signed in), `X-App-Version`, `Accept: application/json`,
 *   and `Content-Type: application/json` when there is a body.
 * - Every failure (non-2xx reply, unreadable reply, network failure) is thrown as an ApiError.
 * - 204 replies resolve to undefined.
 * - Step-up: a call refused with 403 naming `step_up` (a sensitive call on a session that gave no second factor in
 *   the last 5 minutes) waits for the step-up prompt (stepUp.ts), then is sent again once; when the prompt is
 *   cancelled it fails with a StepUpCancelledError (nothing was changed).
 */

import type { components } from './api.gen';
import type { ApiDeletePath, ApiDownloadPath, ApiGetPath, ApiPatchPath, ApiPostPath, GetReply } from './apiTypes';
import { StepUpPromptCancelled, stepUpFor, stepUpGeneration } from './stepUp';

export const API_BASE = '/api';
export const APP_VERSION = '90000';
export const TOKEN_STORAGE_KEY = 'xapa.token';

// ---------------------------------------------------------------------------------------------
// Token storage

export function getToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null; // storage disabled: behave as signed out
  }
}

export function setToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // nothing stored, nothing to remove
  }
}

// ---------------------------------------------------------------------------------------------
// Errors

/** One field's refusal in the error envelope (docs/openapi.json's FieldError). */
export type ApiFieldError = components['schemas']['HttpapiFieldError'];

/** Every failed call: `status` is the HTTP status, or 0 when the server could not be reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiFieldError[];
  /** The parsed reply body (the error envelope), or the raw text when it was not JSON. */
  readonly body: unknown;

  constructor(status: number, message: string, errors: ApiFieldError[] = [], body?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** The first field error's message, else the overall message (what the screens show). */
  firstErrorMessage(): string {
    return this.errors[0]?.message || this.message;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A readable message for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.firstErrorMessage();
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

/** The field of the 403 that asks for a step-up (the server's errStepUp). */
export const STEP_UP_FIELD = 'step_up';

/** What a sensitive call says when its step-up was cancelled (the screens show it where they show any failure). */
export const STEP_UP_CANCELLED =
  'Nothing was changed: this needs a code from your authenticator app. Try again and enter the code when asked.';

/** A sensitive call whose step-up the user cancelled: it was not sent again, and nothing was changed. */
export class StepUpCancelledError extends ApiError {
  constructor() {
    super(403, STEP_UP_CANCELLED);
    this.name = 'StepUpCancelledError';
  }
}

/** What a change covered by the four-eyes approval policy says: it was kept, not applied. */
export const SENT_FOR_APPROVAL =
  'Sent for approval: nothing is changed until another staff member approves it (Approvals, under Setting).';

/**
 * A change the approval policy covers: the server kept it as a request (202 {approval}) and changed nothing. Thrown
 * so that no screen takes it for done; screens show it where they show a refusal (docs/decisions/0013).
 */
export class SentForApprovalError extends ApiError {
  constructor(body: unknown) {
    super(202, SENT_FOR_APPROVAL, [], body);
    this.name = 'SentForApprovalError';
  }
}

/** Whether `error` is the server's refusal of a sensitive call for want of a step-up. */
export function isStepUpRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.errors.some((e) => e.field === STEP_UP_FIELD);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseFieldErrors(value: unknown): ApiFieldError[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((item) => ({
    field: typeof item.field === 'string' ? item.field : '',
    message: typeof item.message === 'string' ? item.message : '',
  }));
}

function statusText(response: Response): string {
  return response.statusText ? `${response.status} ${response.statusText}` : String(response.status);
}

async function toApiError(response: Response): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // body unreadable: fall through with an empty text
  }
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (e.g. a proxy's HTML error page): keep the text as body
  }
  if (isRecord(body)) {
    const message =
      (typeof body.message === 'string' && body.message) ||
      (typeof body.msg === 'string' && body.msg) ||
      `Request failed (${statusText(response)}).`;
    return new ApiError(response.status, message, parseFieldErrors(body.errors), body);
  }
  return new ApiError(response.status, `Request failed (${statusText(response)}).`, [], body);
}

// ---------------------------------------------------------------------------------------------
// Requests

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  signal?: AbortSignal;
  /**
   * Sends this bearer token instead of the stored one. Used for the sign-in's *pending* token, which the app
   * keeps in memory only (it serves just the code check and logout, so it is never stored).
   */
  token?: string;
  /** false: a step-up refusal is thrown as it is, without the prompt (the step-up call itself). Default true. */
  stepUp?: boolean;
}

/** `query` becomes the query string; undefined, null and empty-string values are left out. */
export function buildUrl(path: string, query?: Query, base: string = API_BASE): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function buildHeaders(hasBody: boolean, tokenOverride?: string): Headers {
  const headers = new Headers({ Accept: 'application/json', 'X-App-Version': APP_VERSION });
  const token = tokenOverride ?? getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    // A cancelled request (e.g. TanStack Query dropping a stale query) is not a failure.
    if (init.signal?.aborted || (error as { name?: unknown } | null)?.name === 'AbortError') throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function readJson<T>(response: Response): Promise<T> {
  if (response.status === 204 || response.status === 205) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    throw new ApiError(response.status, 'The server sent a reply that could not be read.', [], text);
  }
  if (response.status === 202 && isRecord(reply) && isRecord(reply.approval)) throw new SentForApprovalError(reply);
  return reply as T;
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  query: Query | undefined,
  options: RequestOptions | undefined,
): Promise<T> {
  const hasBody = body !== undefined;
  const once = async () => {
    const response = await send(buildUrl(path, query), {
      method,
      headers: buildHeaders(hasBody, options?.token),
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options?.signal,
    });
    return readJson<T>(response);
  };
  // A call with a token of its own (the sign-in's pending one) has no session to step up.
  if (options?.stepUp === false || options?.token !== undefined) return once();
  const sentAt = stepUpGeneration();
  try {
    return await once();
  } catch (error) {
    if (!isStepUpRefusal(error)) throw error;
    try {
      await stepUpFor(sentAt);
    } catch (cancelled) {
      if (cancelled instanceof StepUpPromptCancelled) throw new StepUpCancelledError();
      throw cancelled;
    }
    options?.signal?.throwIfAborted();
    return once(); // once only: a second refusal is thrown as it is
  }
}

export function apiGet<T>(path: ApiGetPath, query?: Query, options?: RequestOptions): Promise<T> {
  return request<T>('GET', path, undefined, query, options);
}

export function apiPost<T>(path: ApiPostPath, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('POST', path, body, undefined, options);
}

export function apiPatch<T>(path: ApiPatchPath, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('PATCH', path, body, undefined, options);
}

export function apiDelete<T = void>(path: ApiDeletePath, body?: unknown, options?: RequestOptions): Promise<T> {
  return request<T>('DELETE', path, body, undefined, options);
}

// ---------------------------------------------------------------------------------------------
// CSV downloads

/** The file name from a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return sanitizeFilename(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')));
    } catch {
      // malformed percent-encoding: try the plain parameter
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name ? sanitizeFilename(name) : null;
}

function sanitizeFilename(name: string): string | null {
  const base = name.split(/[/\\]/).pop()?.trim();
  return base || null;
}

/**
 * Fetches a file (the CSV exports) with the usual headers and saves it through a temporary
 * <a download>. Resolves to the file name used.
 */
export async function apiDownload(path: ApiDownloadPath, query?: Query, options?: RequestOptions): Promise<string> {
  const response = await send(buildUrl(path, query), {
    method: 'GET',
    headers: buildHeaders(false, options?.token),
    signal: options?.signal,
  });
  const filename =
    filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? 'download.csv';
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Revoke after the click has been handled.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return filename;
}

// ---------------------------------------------------------------------------------------------
// Health (served at /healthz, outside /api)

/** `GET /healthz`'s reply. */
export type Health = GetReply<'/healthz'>;

/** `GET /healthz`: resolves when the server and its database are up; a 503 throws an ApiError. */
export async function getHealth(options?: RequestOptions): Promise<Health> {
  const response = await send(buildUrl('/healthz', undefined, ''), {
    method: 'GET',
    headers: buildHeaders(false),
    signal: options?.signal,
  });
  return readJson<Health>(response);
}
