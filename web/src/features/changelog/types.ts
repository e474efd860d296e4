import type { GetReply, PostBody } from '../../lib/apiTypes';

/** One change-log section: a group name and its item texts. */
export type ChangeLogGroup = AppVersion['changeLog'][number];

/** The platforms a release can target: docs/openapi.json's enum of `platform`. */
export type Platform = AppVersion['platform'];

/** The form's choice of platform, in display order (`satisfies`: only the documented ones). */
export const PLATFORMS = ['Android', 'IOS', 'Web'] as const satisfies readonly Platform[];

/** An app version as `GET /api/admin/app_versions` lists it; `releaseDate` is RFC 3339. */
export type AppVersion = AppVersionsPage['appVersions'][number];

/** `GET /api/admin/app_versions` reply. */
export type AppVersionsPage = GetReply<'/api/admin/app_versions'>;

/** `POST /api/admin/app_versions/new`; `releaseDate` is UTC `YYYY-MM-DD HH:mm:ss`. */
export type NewAppVersion = PostBody<'/api/admin/app_versions/new'>;
