import { useQuery } from '@tanstack/react-query';
import { Col, Result, Row } from 'antd';
import { useParams } from 'react-router';
import { BackHomeButton } from '../../components/BackHomeButton';
import { usePageTitle } from '../../lib/pageTitle';
import { isApiError } from '../../lib/api';
import { FinancialBriefCard } from './FinancialBriefCard';
import { profileUserQuery } from './profileApi';
import { ProfileTabs } from './ProfileTabs';
import { UserAttributeCard } from './UserAttributeCard';
import './profile.css';

/** The `:id` of the route as a user id, or null when it cannot be one. */
function parseUserId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}

/** /userprofile/:id (ADMIN_SHOW_USER). A new id is a new profile: nothing of the previous one stays. */
export default function UserProfilePage() {
  const userId = parseUserId(useParams().id);
  if (userId === null) return <UserNotFound />;
  return <UserProfile key={userId} userId={userId} />;
}

function UserProfile({ userId }: { userId: number }) {
  const user = useQuery(profileUserQuery(userId));
  // The customer's name, as the tab and the heading say it; their email when they gave none.
  usePageTitle(user.data ? user.data.full_name || user.data.email : null);
  if (isApiError(user.error) && user.error.status === 404) return <UserNotFound />;
  return (
    <div className="profile">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={15}>
          <UserAttributeCard userId={userId} query={user} />
        </Col>
        <Col xs={24} xl={9}>
          <FinancialBriefCard userId={userId} />
        </Col>
      </Row>
      <ProfileTabs userId={userId} />
    </div>
  );
}

function UserNotFound() {
  return <Result status="404" title="User not found" subTitle="There is no user with this id." extra={<BackHomeButton />} />;
}
