import type { UseQueryResult } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import { QueryCard } from '../../components/QueryCard';
import { ResendVerificationButton } from './ResendVerificationButton';
import type { ProfileUser } from './types';
import { userAttributes } from './userAttributes';

/** Who the user is, their status, verification and two-factor settings; the resend-verification action. */
export function UserAttributeCard({ userId, query }: { userId: number; query: UseQueryResult<ProfileUser> }) {
  return (
    <QueryCard title="User Attribute" query={query} extra={<ResendVerificationButton userId={userId} />}>
      {(user) => <Descriptions size="small" column={{ xs: 1, md: 2 }} items={userAttributes(user)} />}
    </QueryCard>
  );
}
