/**
 * The one API client of the web app. Every call to the Go server goes through here.
 *
 * - The calls go through openapi-fetch over the types generated from docs/openapi.json (api.gen.ts): apiGet,
 *   apiPost, apiPatch, apiDelete and apiDownload take a documented path for their method as the document spells it
 *   (`apiGet('/api/admin/users/{id}', { params: { path: { id } } })`), its parameters (`params.path`,
 *   `params.query`) and its body (`body`) as the document types them, and resolve to the reply the document gives:
 *   a wrong path, parameter, query key or body, or a reply used as another type, fails the type check.
 * - Query strings: undefined, null and empty-string values are left out, the rest form-encoded (`searchOf`).
 * - Headers: `Authorization: Bearer <token>` (when signed in), `X-App-Version`, `Accept: application/json`,
 *   and `Content-Type: application/json` when there is a body.
 * - Every failure (non-2xx reply, unreadable reply, network failure) is thrown as an ApiError.
 * - 204 replies resolve to undefined.
 * - Step-up: a call refused with 403 naming `step_up` (a sensitive call on a session that gave no second factor in
 *   the last 5 minutes) waits for the step-up prompt (stepUp.ts), then is sent again once; when the prompt is
 *   cancelled it fails with a StepUpCancelledError (nothing was changed).
 */

import createClient from 'openapi-fetch';
import type { ParamsOption, RequestBodyOption } from 'openapi-fetch';
import type { components, paths } from './api.gen';
import type { ApiMethod, ApiReply, CsvGetPath, DocumentedPath, GetReply, JsonGetPath } from './apiTypes';
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
/** A query string's parameters; the calls themselves take the ones the document has for their path (GetQuery). */
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

/**
 * The query string of `query` (without `?`): its parameters in their order, undefined, null and empty-string values
 * left out, the rest as text, form-encoded (a space is `+`). The client's query serializer, and buildUrl's.
 */
export function searchOf(query?: Readonly<Record<string, unknown>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  return params.toString();
}

/** `query` becomes the query string; undefined, null and empty-string values are left out. */
export function buildUrl(path: string, query?: Query, base: string = API_BASE): string {
  const search = searchOf(query);
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

/**
 * A 2xx JSON reply, checked: an unreadable one is an ApiError, a change sent for approval (202 {approval}) a
 * SentForApprovalError. What is left goes back to openapi-fetch to be read: no body (a 204, or an empty reply) as a
 * 204, which it reads as undefined.
 */
async function checkedJson(response: Response): Promise<Response> {
  if (response.status === 204 || response.status === 205) return new Response(null, { status: 204 });
  const text = await response.text();
  if (!text) return new Response(null, { status: 204 });
  let reply: unknown;
  try {
    reply = JSON.parse(text);
  } catch {
    throw new ApiError(response.status, 'The server sent a reply that could not be read.', [], text);
  }
  if (response.status === 202 && isRecord(reply) && isRecord(reply.approval)) throw new SentForApprovalError(reply);
  const headers = new Headers(response.headers);
  headers.delete('Content-Length'); // the text is read again as it is
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}

/** Sends the call, with the step-up (the module's comment) unless `options` rule it out. */
async function exchange(url: string, init: RequestInit, options: RequestOptions): Promise<Response> {
  const hasBody = init.body !== undefined && init.body !== null;
  const once = () =>
    send(url, {
      method: init.method,
      headers: buildHeaders(hasBody, options.token),
      body: hasBody ? init.body : undefined,
      signal: init.signal ?? undefined,
    });
  // A call with a token of its own (the sign-in's pending one) has no session to step up.
  if (options.stepUp === false || options.token !== undefined) return once();
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
    init.signal?.throwIfAborted();
    return once(); // once only: a second refusal is thrown as it is
  }
}

/**
 * What openapi-fetch builds for a call (its `Request` option): the URL as it made it (relative: `/api/...`) and the
 * init (method, the serialized body, the signal), kept as they are for `exchange`, which sends them with the global
 * fetch and the app's own headers.
 */
class OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly body: BodyInit | null | undefined;
  readonly signal: AbortSignal | undefined;

  constructor(url: string, init: RequestInit = {}) {
    this.url = url;
    this.method = init.method ?? 'GET';
    this.body = init.body;
    this.signal = init.signal ?? undefined;
  }
}

/** The `fetch` openapi-fetch calls: `exchange`, then the JSON checks unless the reply is a file. */
function transport(options: RequestOptions, reply: 'json' | 'file') {
  return async (input: Request): Promise<Response> => {
    const { url, method, body, signal } = input as unknown as OutgoingRequest;
    const response = await exchange(url, { method, body, signal }, options);
    return reply === 'json' ? checkedJson(response) : response;
  };
}

/**
 * The openapi-fetch client over docs/openapi.json's paths (they start with `/api`; `/healthz` is outside it). Its
 * calls go through `transport`; the app calls it through apiGet, apiPost, ... below, which throw instead of
 * returning an error.
 */
const client = createClient<paths>({
  Request: OutgoingRequest as unknown as typeof Request,
  querySerializer: (query) => searchOf(query),
});

/**
 * What a call takes beside its path: the parameters (`params: {path, query}`) and the body the document has for the
 * operation (openapi-fetch's types: a wrong or missing one fails the type check), and the options.
 */
export type CallInit<P extends DocumentedPath<M>, M extends ApiMethod> = ParamsOption<paths[P][M]> &
  RequestBodyOption<paths[P][M]> &
  RequestOptions;

/** The init argument: required when the operation has a required parameter (a path's) or body. */
export type CallArgs<P extends DocumentedPath<M>, M extends ApiMethod> = object extends CallInit<P, M>
  ? [init?: CallInit<P, M>]
  : [init: CallInit<P, M>];

type AnyInit = RequestOptions & { params?: object; body?: unknown };

async function call(
  method: ApiMethod,
  path: string,
  init: AnyInit | undefined,
  reply: 'json' | 'file',
): Promise<{ data?: unknown; response: Response }> {
  const { signal, token, stepUp, params, body } = init ?? {};
  const fetch = transport({ token, stepUp }, reply);
  const parseAs = reply === 'json' ? 'json' : 'blob';
  // The typed signatures below check path, params and body: here they are passed on as they are.
  return client.request(method, path as never, { params, body, signal, fetch, parseAs } as never);
}

/** `GET path` (a documented JSON one): its 200 reply. */
export async function apiGet<P extends JsonGetPath>(path: P, ...[init]: CallArgs<P, 'get'>): Promise<ApiReply<P, 'get'>> {
  return (await call('get', path, init, 'json')).data as ApiReply<P, 'get'>;
}

/** `POST path`: its 200 or 201 reply (a lone 202's), undefined for a 204. */
export async function apiPost<P extends DocumentedPath<'post'>>(
  path: P,
  ...[init]: CallArgs<P, 'post'>
): Promise<ApiReply<P, 'post'>> {
  return (await call('post', path, init, 'json')).data as ApiReply<P, 'post'>;
}

/** `PATCH path`. */
export async function apiPatch<P extends DocumentedPath<'patch'>>(
  path: P,
  ...[init]: CallArgs<P, 'patch'>
): Promise<ApiReply<P, 'patch'>> {
  return (await call('patch', path, init, 'json')).data as ApiReply<P, 'patch'>;
}

/** `DELETE path`. */
export async function apiDelete<P extends DocumentedPath<'delete'>>(
  path: P,
  ...[init]: CallArgs<P, 'delete'>
): Promise<ApiReply<P, 'delete'>> {
  return (await call('delete', path, init, 'json')).data as ApiReply<P, 'delete'>;
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
export async function apiDownload<P extends CsvGetPath>(path: P, ...[init]: CallArgs<P, 'get'>): Promise<string> {
  const { data, response } = await call('get', path, init, 'file');
  const filename =
    filenameFromContentDisposition(response.headers.get('Content-Disposition')) ?? 'download.csv';
  const blob = (data as Blob | undefined) ?? new Blob([]); // undefined: an empty file
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
export function getHealth(options?: Pick<RequestOptions, 'signal'>): Promise<Health> {
  return apiGet('/healthz', { signal: options?.signal, stepUp: false });
}
