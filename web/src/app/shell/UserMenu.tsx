import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { useSession } from '../../features/session/SessionContext';

/** The top bar's user: full name, and a dropdown with Logout. */
export function UserMenu() {
  const { user, signOut } = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [{ key: 'logout', label: 'Logout', icon: <LogoutOutlined /> }],
        onClick: ({ key }) => {
          if (key !== 'logout') return;
          setLeaving(true);
          void signOut();
        },
      }}
    >
      <Button type="text" className="user-menu" icon={<UserOutlined />} loading={leaving} aria-label={`Account menu of ${user.full_name || user.username}`}>
        <span className="user-menu__name">{user.full_name || user.username}</span>
        <DownOutlined className="user-menu__caret" />
      </Button>
    </Dropdown>
  );
}
