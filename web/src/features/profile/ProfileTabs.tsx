import { Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { applyChanges, queryText } from '../../lib/useListState';
import { InvitedUsersTab } from './InvitedUsersTab';
import { UserReportsTab } from './UserReportsTab';
import { UserSessionsTab } from './UserSessionsTab';
import { UserWalletTab } from './UserWalletTab';

const TABS = ['reports', 'wallets', 'sessions', 'invites'] as const;

/**
 * The profile's four tabs; each loads its data the first time it is opened. The open tab is in the URL (`tab`,
 * left out for the first), changed in place: Back leaves the profile, a reload or a link opens the same tab.
 */
export function ProfileTabs({ userId }: { userId: number }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = TABS.find((key) => key === params.get('tab')) ?? TABS[0];
  const open = (key: string) =>
    void navigate({ search: queryText(applyChanges(params, { tab: key === TABS[0] ? undefined : key })) }, { replace: true });
  return (
    <Tabs
      className="profile__tabs"
      activeKey={tab}
      onChange={open}
      items={[
        { key: 'reports', label: 'User Reports', children: <UserReportsTab userId={userId} /> },
        { key: 'wallets', label: 'User Wallet', children: <UserWalletTab userId={userId} /> },
        { key: 'sessions', label: 'User Sessions', children: <UserSessionsTab userId={userId} /> },
        { key: 'invites', label: 'Invited Users', children: <InvitedUsersTab userId={userId} /> },
      ]}
    />
  );
}
