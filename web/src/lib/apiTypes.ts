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

/** The documented paths whose `M` operation's 200 reply has the content type `Type`. */
type PathAnswering<M extends ApiMethod, Type extends string> = {
  [P in DocumentedPath<M>]: Operation<P, M> extends { responses: { 200: { content: { [T in Type]: unknown } } } }
    ? P
    : never;
}[DocumentedPath<M>];

/** `apiGet`: the documented GET paths that answer JSON (not the CSV exports). */
export type JsonGetPath = PathAnswering<'get', 'application/json'>;

/** `apiDownload`: the documented GET paths that answer a CSV file. */
export type CsvGetPath = PathAnswering<'get', 'text/csv'>;
