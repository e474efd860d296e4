import type { components } from '../../lib/api.gen';
import type { GetReply } from '../../lib/apiTypes';

/** One change-log section: a group name and its item texts. */
export type ChangeLogGroup = components['schemas']['AppversionsGroup'];

/**
 * The platforms a release can target: the form's choice. Hand-written because docs/openapi.json types `platform`
 * as a plain string, while the server accepts (and stores) only these.
 */
export const PLATFORMS = ['Android', 'IOS', 'Web'] as const;

export type Platform = (typeof PLATFORMS)[number];

/** An app version as `GET /api/admin/app_versions` lists it; `releaseDate` is RFC 3339. */
export type AppVersion = components['schemas']['AppversionsAppVersion'];

/** `GET /api/admin/app_versions` reply. */
export type AppVersionsPage = GetReply<'/api/admin/app_versions'>;

/** `POST /api/admin/app_versions/new`; `releaseDate` is UTC `YYYY-MM-DD HH:mm:ss`. */
export type NewAppVersion = components['schemas']['AppversionsInput'];
