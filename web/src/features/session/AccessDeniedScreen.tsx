import { Button, Result } from 'antd';
import { useState } from 'react';
import { useSession } from './SessionContext';

/** A signed-in user without any permission (e.g. a customer): nothing to show but the way out. */
export default function AccessDeniedScreen() {
  const { signOut } = useSession();
  const [leaving, setLeaving] = useState(false);
  return (
    <main className="auth-page">
      <Result
        status="403"
        title="Access Denied"
        subTitle="Your account has no permission in the back office. Ask an administrator to give you a role."
        extra={
          <Button
            type="primary"
            loading={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut();
            }}
          >
            LogOut
          </Button>
        }
      />
    </main>
  );
}
