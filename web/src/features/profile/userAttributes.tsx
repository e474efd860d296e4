import { Tag } from 'antd';
import type { DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { fromServer } from '../../lib/dates';
import { formatDateTimeUtc } from '../../lib/dateDisplay';
import { CoreState } from '../../components/CoreState';
import type { ProfileUser } from './types';

/** A user is shown online when signed in within the last 2 minutes. */
export const ONLINE_WINDOW_MS = 2 * 60_000;

const onOff = (on: boolean) => (on ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>);
const yesNo = (yes: boolean) => (yes ? <Tag color="green">Yes</Tag> : <Tag>No</Tag>);
const orDash = (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value);

function lastLogin(value: string | null, now: number): ReactNode {
  const online = value !== null && now - fromServer(value).valueOf() <= ONLINE_WINDOW_MS;
  return (
    <>
      {formatDateTimeUtc(value)} {online ? <Tag color="blue">Online</Tag> : null}
    </>
  );
}

/** The User Attribute card's rows: identity, status, verification, two-factor, phone, invitations, sign-ins. */
export function userAttributes(user: ProfileUser, now: number = Date.now()): DescriptionsProps['items'] {
  const rows: [string, ReactNode][] = [
    ['ID', user.id],
    ['Full Name', orDash(user.full_name)],
    ['Email', user.email],
    ['Username', user.username],
    ['Role', orDash(user.role ?? (user.roles.length ? user.roles.join(', ') : null))],
    ['Status', user.enabled ? <Tag color="green">Active</Tag> : <Tag color="red">Inactive</Tag>],
    ['Email Verified', <>{yesNo(user.email_verified)} {user.verified_at ? formatDateTimeUtc(user.verified_at) : null}</>],
    ['Google Authenticator', onOff(user.isGoogleAuthenticatorEnabled)],
    ['SMS 2FA', onOff(user.isSMS2FaEnabled)],
    ['Phone', <>{orDash(user.phone_number)} {user.phone_number ? yesNo(user.smsVerified) : null}</>],
    ['Invitation Code', orDash(user.invitationCode)],
    ['Total Invites', user.totalInvites],
    ['Last Login', lastLogin(user.lastLogin, now)],
    ['Registered', formatDateTimeUtc(user.created_at)],
  ];
  if (user.core) rows.push(['At the Core', <CoreState core={user.core} />]);
  return rows.map(([label, children]) => ({ key: label, label, children }));
}
