import { useQuery } from '@tanstack/react-query';
import { Col, Row } from 'antd';
import { useState } from 'react';
import { DateRangeFilter } from '../../../components/DateRangeFilter';
import { defaultAccountingRange, financialAccountingQuery, userAccountingQuery } from './accountingApi';
import { AccountingCard } from './AccountingCard';
import { financialFigures, userFigures } from './accountingFigures';
import '../reports.css';

/**
 * /xapareport (ADMIN_USER_ACCOUNTING and ADMIN_TRANSACTION_ACCOUNTING): the Users and Financial Reports cards for
 * a date range (default: one week before now until the end of today), reloaded on every range change.
 */
export default function AccountingReportPage() {
  const [range, setRange] = useState(() => defaultAccountingRange());
  const users = useQuery(userAccountingQuery(range));
  const financial = useQuery(financialAccountingQuery(range));
  return (
    <>
      <div className="report__toolbar" role="search" aria-label="Filters">
        <DateRangeFilter value={range} onChange={setRange} />
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <AccountingCard title="Users" query={users} figures={userFigures} />
        </Col>
        <Col xs={24} lg={14}>
          <AccountingCard title="Financial Reports" query={financial} figures={financialFigures} />
        </Col>
      </Row>
    </>
  );
}
