import { Result } from 'antd';
import { BackHomeButton } from './BackHomeButton';

/** A screen inside the shell that the user's permissions do not open. */
export function AccessDeniedResult({ what }: { what: string }) {
  return (
    <Result
      status="403"
      title="Access Denied"
      subTitle={`You do not have permission to open ${what}.`}
      extra={<BackHomeButton />}
    />
  );
}
