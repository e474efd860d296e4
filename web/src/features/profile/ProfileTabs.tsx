import { Tabs } from 'antd';
import { InvitedUsersTab } from './InvitedUsersTab';
import { UserReportsTab } from './UserReportsTab';
import { UserSessionsTab } from './UserSessionsTab';
import { UserWalletTab } from './UserWalletTab';

/** The profile's four tabs; each loads its data the first time it is opened. */
export function ProfileTabs({ userId }: { userId: number }) {
  return (
    <Tabs
      className="profile__tabs"
      items={[
        { key: 'reports', label: 'User Reports', children: <UserReportsTab userId={userId} /> },
        { key: 'wallets', label: 'User Wallet', children: <UserWalletTab userId={userId} /> },
        { key: 'sessions', label: 'User Sessions', children: <UserSessionsTab userId={userId} /> },
        { key: 'invites', label: 'Invited Users', children: <InvitedUsersTab userId={userId} /> },
      ]}
    />
  );
}
