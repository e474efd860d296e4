/** One change-log section: a group name and its item texts. */
export interface ChangeLogGroup {
  groupName: string;
  items: string[];
}

export const PLATFORMS = ['Android', 'IOS', 'Web'] as const;

export type Platform = (typeof PLATFORMS)[number];

/** An app version as `GET /api/admin/app_versions` lists it. */
export interface AppVersion {
  id: number;
  name: string;
  /** RFC 3339. */
  releaseDate: string;
  platform: Platform;
  forceUpdateRequired: boolean;
  changeLog: ChangeLogGroup[];
}

export interface AppVersionsPage {
  appVersions: AppVersion[];
  page: number;
  items_per_page: number;
  total_items: number;
  total_pages: number;
}

/** `POST /api/admin/app_versions/new`; `releaseDate` is UTC `YYYY-MM-DD HH:mm:ss`. */
export interface NewAppVersion {
  name: string;
  releaseDate: string;
  platform: Platform;
  forceUpdateRequired: boolean;
  changeLog: ChangeLogGroup[];
}
