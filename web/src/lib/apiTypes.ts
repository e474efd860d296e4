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
