/** The signed-in user, as `GET /api/user` returns it. */
export interface CurrentUser {
  id: number;
  email: string;
  username: string;
  full_name: string;
  permissions: string[];
  /** `["ROLE_ADMIN"]` for staff, else empty. */
  roles: string[];
  role: string | null;
  enabled: boolean;
  email_verified: boolean;
  isGoogleAuthenticatorEnabled: boolean;
  isSMS2FaEnabled: boolean;
  smsVerified: boolean;
  lastLogin: string | null;
  phone_number: string | null;
  verified_at: string | null;
  invitationCode: string | null;
  totalInvites: number;
  userRoles: { role: { id: number; role: string } }[];
}
