import { Result } from 'antd';
import { BackHomeButton } from './BackHomeButton';

/** An unknown path while signed in (inside the shell). */
export function NotFoundResult() {
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="There is no screen at this address."
      extra={<BackHomeButton />}
    />
  );
}
