import { Card } from 'antd';
import { ServerStatus } from '../health/ServerStatus';

/**
 * /admin/login and /login. The sign-in form itself comes with a later issue.
 * Plain headings instead of antd Typography keep this first chunk small.
 */
export default function LoginPage() {
  return (
    <main className="auth-page">
      <Card className="auth-card">
        <img className="auth-card__logo" src="/favicon.svg" alt="" width={48} height={48} />
        <h1 className="auth-card__title">Xapa Back Office</h1>
        <p className="auth-card__subtitle">Staff sign-in</p>
        <ServerStatus />
      </Card>
    </main>
  );
}
