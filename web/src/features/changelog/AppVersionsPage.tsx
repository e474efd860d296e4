import { useQuery } from '@tanstack/react-query';
import { Alert, Card } from 'antd';
import { useState } from 'react';
import { ListPager, PAGE_SIZES } from '../../components/ListPager';
import { errorMessage } from '../../lib/api';
import { appVersionsQuery } from './appVersionsApi';
import { AppVersionTable } from './AppVersionTable';
import { CreateAppVersionForm } from './CreateAppVersionForm';
import './changelog.css';

/** /changelog (App Versions): the create form with its changelog builder, then the paginated list. */
export default function AppVersionsPage() {
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0] as number });
  const list = useQuery(appVersionsQuery(paging.page, paging.pageSize));
  const rows = list.data?.appVersions ?? [];
  // Deleting the last row of a later page steps back a page.
  const stepBackIfEmptied = () => {
    if (rows.length === 1 && paging.page > 1) setPaging({ ...paging, page: paging.page - 1 });
  };
  return (
    <div className="app-versions">
      <Card title="New App Version" size="small">
        <CreateAppVersionForm />
      </Card>
      <Card title="App Versions" size="small">
        {list.isError ? <Alert type="error" showIcon title={errorMessage(list.error)} className="app-versions__error" /> : null}
        <AppVersionTable versions={rows} loading={list.isPending || list.isPlaceholderData} onDeleted={stepBackIfEmptied} />
        <ListPager
          page={paging.page}
          pageSize={paging.pageSize}
          total={list.data?.total_items ?? 0}
          onChange={(page, pageSize) => setPaging({ page, pageSize })}
        />
      </Card>
    </div>
  );
}
