import type { paths } from './api.gen';

/**
 * The JSON body of the 200 reply of `GET path`, as docs/openapi.json describes it: for the replies it does not name
 * as a schema (the list pages, e.g. `GetReply<'/api/admin/users'>`).
 */
export type GetReply<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Reply } } } };
}
  ? Reply
  : never;

/** The query parameters of `GET path`, as docs/openapi.json describes them (each one optional). */
export type GetQuery<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Query } } }
  ? NonNullable<Query>
  : never;

// ---------------------------------------------------------------------------------------------
// Operations by method

/** The HTTP methods the API client (api.ts) sends, as `paths` names them. */
export type ApiMethod = 'get' | 'post' | 'patch' | 'delete';

/** The keys of `paths` (e.g. `'/api/admin/users/{id}/edit'`) that have an `M` operation in docs/openapi.json. */
export type DocumentedPath<M extends ApiMethod> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

type Operation<P extends DocumentedPath<M>, M extends ApiMethod> = paths[P][M];

/** The JSON request body of the `M` operation of `P` (without the `null` the document also allows). */
export type ApiBody<P extends DocumentedPath<M>, M extends ApiMethod> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer Body } } } ? NonNullable<Body> : never;

/**
 * The statuses of an operation's own success replies: 200 or 201 (or a 204); a 202 only where it is the only one
 * (a password reset). Where it is not, the 202 is the four-eyes approval's "sent for approval" (api.ts, SentForApprovalError).
 */
type SuccessStatus<Responses> = [keyof Responses & (200 | 201 | 204)] extends [never]
  ? keyof Responses & 202
  : keyof Responses & (200 | 201);

/** The JSON body of the 2xx reply of the `M` operation of `P`; void when it has none (a 204). */
export type ApiReply<P extends DocumentedPath<M>, M extends ApiMethod> =
  Operation<P, M> extends { responses: infer Responses }
    ? JsonOrVoid<
        {
          [S in SuccessStatus<Responses>]: Responses[S] extends { content: { 'application/json': infer Reply } }
            ? Reply
            : never;
        }[SuccessStatus<Responses>]
      >
    : never;

type JsonOrVoid<Reply> = [Reply] extends [never] ? void : Reply;

/** The body of `POST path` (e.g. `PostBody<'/api/login'>`). */
export type PostBody<P extends DocumentedPath<'post'>> = ApiBody<P, 'post'>;

/** The reply of `POST path` (its 200 or 201 JSON, a lone 202's; void for a 204). */
export type PostReply<P extends DocumentedPath<'post'>> = ApiReply<P, 'post'>;

/** The reply of `PATCH path`. */
export type PatchReply<P extends DocumentedPath<'patch'>> = ApiReply<P, 'patch'>;

// ---------------------------------------------------------------------------------------------
// The paths the API client accepts

/** The path parameters of the `M` operation of `P`, e.g. `{id: number}`. */
type PathParams<P extends DocumentedPath<M>, M extends ApiMethod> =
  Operation<P, M> extends { parameters: { path: infer Params } } ? Params : Record<never, never>;

/** What a `{name}` of a documented path becomes: any number for an integer parameter, else any string. */
type ParamValue<Params, Name extends string> = Name extends keyof Params
  ? Params[Name] extends number
    ? number
    : string
  : string;

/** A documented path with each `{name}` filled in: `'/users/{id}/edit'` → `` `/users/${number}/edit` ``. */
type FillParams<Path extends string, Params> = Path extends `${infer Head}{${infer Name}}${infer Tail}`
  ? `${Head}${ParamValue<Params, Name>}${FillParams<Tail, Params>}`
  : Path;

/** The documented `/api` paths `P` as the client takes them: without `/api`, parameters filled in. */
type ClientPath<P extends DocumentedPath<M>, M extends ApiMethod> = P extends `/api${infer Rest}`
  ? FillParams<Rest, PathParams<P, M>>
  : never;

/** The documented paths whose `M` operation's 200 reply has the content type `Type`. */
type PathAnswering<M extends ApiMethod, Type extends string> = {
  [P in DocumentedPath<M>]: Operation<P, M> extends { responses: { 200: { content: { [T in Type]: unknown } } } }
    ? P
    : never;
}[DocumentedPath<M>];

/**
 * A path `apiX` accepts (relative to `/api`): only the ones docs/openapi.json has for that method, so a call to an
 * undocumented path or with the wrong method fails the type check. E.g. `ApiPath<'post'>` includes
 * `` `/admin/users/${number}/edit` `` (from `/api/admin/users/{id}/edit`).
 */
export type ApiPath<M extends ApiMethod> = ClientPath<DocumentedPath<M>, M>;

/** `apiGet`: the documented GET paths that answer JSON (not the CSV exports). */
export type ApiGetPath = ClientPath<PathAnswering<'get', 'application/json'>, 'get'>;

/** `apiDownload`: the documented GET paths that answer a CSV file. */
export type ApiDownloadPath = ClientPath<PathAnswering<'get', 'text/csv'>, 'get'>;

/** `apiPost`. */
export type ApiPostPath = ApiPath<'post'>;

/** `apiPatch`. */
export type ApiPatchPath = ApiPath<'patch'>;

/** `apiDelete`. */
export type ApiDeletePath = ApiPath<'delete'>;

/** The JSON list paths whose CSV export is documented at `${path}/CSV` (the report screens take both). */
export type ApiCsvListPath = ApiGetPath extends infer P
  ? P extends ApiGetPath
    ? `${P}/CSV` extends ApiDownloadPath
      ? P
      : never
    : never
  : never;
