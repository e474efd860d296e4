import { Button, Result, Space } from 'antd';
import { errorMessage } from '../../lib/api';
import { useSession } from './SessionContext';

/** The current-user check could not be made (server unreachable or failing): try again, or sign out. */
export default function SessionErrorScreen() {
  const { error, retry, signOut } = useSession();
  return (
    <main className="auth-page">
      <Result
        status="warning"
        title="Your session could not be checked"
        subTitle={errorMessage(error)}
        extra={
          <Space>
            <Button type="primary" onClick={retry}>
              Try again
            </Button>
            <Button onClick={() => void signOut()}>Sign out</Button>
          </Space>
        }
      />
    </main>
  );
}
