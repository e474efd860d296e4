import type { ReactNode } from 'react';
import { ServerStatus } from '../health/ServerStatus';

interface AuthCardProps {
  subtitle: string;
  children: ReactNode;
}

/**
 * The frame of the signed-out screens: logo, title, subtitle, the form, and the server status.
 * A plain card and plain headings, like the light components inside: the sign-in page loads no Ant Design.
 */
export function AuthCard({ subtitle, children }: AuthCardProps) {
  return (
    <main className="auth-page light-font">
      <div className="auth-card">
        <img className="auth-card__logo" src="/favicon.svg" alt="" width={48} height={48} />
        <h1 className="auth-card__title">Xapa Back Office</h1>
        <p className="auth-card__subtitle">{subtitle}</p>
        {children}
        <ServerStatus />
      </div>
    </main>
  );
}
