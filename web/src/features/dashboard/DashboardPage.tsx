import { Col, Empty, Row } from 'antd';
import { Can } from '../session/Can';
import { useSession } from '../session/SessionContext';
import { can, Permission } from '../../lib/permissions';
import { BalanceCards } from './BalanceCards';
import { CandleCards } from './CandleCards';
import { DASHBOARD_KEYS } from './dashboardPrefetch';
import { revenueQuery, totalBalancesQuery } from './dashboardApi';
import { OnlineUsersCard } from './OnlineUsersCard';
import { RecentTransactionsCard } from './RecentTransactionsCard';
import { RegistrationsCard } from './RegistrationsCard';
import { WeeklyTotalCard } from './WeeklyTotalCard';
import './dashboard.css';

const sendRevenue = revenueQuery('send');
const exchangeRevenue = revenueQuery('exchange');
/**
 * The small cards share their rows: three to a row on a wide screen, and the cards of a row that is not full grow
 * to fill it (a restricted viewer's single card took a third of its row and left the rest empty).
 */
const THIRD = { flex: '1 1 300px' } as const;

/**
 * `/`: every widget the viewer's permissions allow; each polls on its own. After a sign-in their first calls are
 * started ahead (dashboardPrefetch.ts, which lists the same widgets under the same keys, DASHBOARD_KEYS).
 */
export default function DashboardPage() {
  const permissions = useSession().user?.permissions;
  if (!can(permissions, { anyOf: DASHBOARD_KEYS })) {
    return <Empty description="Your permissions show nothing on the dashboard." />;
  }
  return (
    <div className="dashboard">
      <Can rule={Permission.CANDLES}>
        <CandleCards />
      </Can>
      <Row gutter={[16, 16]}>
        <Can rule={Permission.TOTAL_USER}>
          <Col {...THIRD}>
            <RegistrationsCard verified={false} />
          </Col>
          <Col {...THIRD}>
            <RegistrationsCard verified />
          </Col>
        </Can>
        <Can rule={Permission.TOTAL_ONLINE_USER}>
          <Col {...THIRD}>
            <OnlineUsersCard />
          </Col>
        </Can>
        <Can rule={Permission.TRANSACTION_BALANCES}>
          <Col {...THIRD}>
            <WeeklyTotalCard title="Total balances" measure="Received plus sent on the main network" options={totalBalancesQuery} />
          </Col>
        </Can>
        <Can rule={Permission.TRANSACTION_SENT}>
          <Col {...THIRD}>
            <WeeklyTotalCard title="Revenue by send" measure="Fees earned on sends" options={sendRevenue} />
          </Col>
        </Can>
        <Can rule={Permission.TRANSACTION_EXCHANGE}>
          <Col {...THIRD}>
            <WeeklyTotalCard title="Revenue by exchange" measure="Fees earned on exchanges" options={exchangeRevenue} />
          </Col>
        </Can>
        <Can rule={Permission.CUSTOMER_BALANCE}>
          <BalanceCards />
        </Can>
        <Can rule={Permission.TRANSACTION_HISTORY}>
          <Col span={24}>
            <RecentTransactionsCard />
          </Col>
        </Can>
      </Row>
    </div>
  );
}
