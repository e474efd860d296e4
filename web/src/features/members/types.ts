import type { CurrentUser } from '../session/types';

/** A user as the admin user calls return it (`GET /api/admin/users`, create, edit). */
export interface AdminUser extends CurrentUser {
  created_at: string;
}

/** `GET /api/admin/users` reply. */
export interface UsersPage {
  users: AdminUser[];
  page: number;
  items_per_page: number;
  total_items: number;
  total_pages: number;
}

export interface UsersQuery {
  page: number;
  maxPerPage: number;
  /** Matches email, username or full name (contains, case-insensitive). */
  q: string;
  /** `ROLE_ADMIN` lists the staff (members); absent lists every user. */
  role?: string;
}

/** `POST /api/admin/users/new`. */
export interface NewUser {
  full_name: string;
  username: string;
  email: string;
  password: string;
  enabled: boolean;
  /** `["ROLE_ADMIN"]` for a member, `[]` for a plain user. */
  roles: string[];
}

/** `POST /api/admin/users/{id}/edit`: exactly these keys (the server refuses any other). */
export interface UserEdit {
  email: string;
  full_name: string;
  username: string;
  enabled: boolean;
  /** Can only go from true to false. */
  isGoogleAuthenticatorEnabled: boolean;
  /** Can only go from true to false. */
  isSMS2FaEnabled: boolean;
  phone_number: string;
  /** The editor's own current authenticator code: needed for another staff member's email or second factor. */
  code?: string;
}
