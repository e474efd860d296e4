import { useQuery } from '@tanstack/react-query';
import { Alert, Card } from 'antd';
import { ListPager } from '../../components/ListPager';
import { errorMessage } from '../../lib/api';
import { pagesOnly, useListState } from '../../lib/useListState';
import { appVersionsQuery } from './appVersionsApi';
import { AppVersionTable } from './AppVersionTable';
import { CreateAppVersionForm } from './CreateAppVersionForm';
import './changelog.css';

const APP_VERSION_LIST = pagesOnly();

/** /changelog (App Versions): the create form with its changelog builder, then the paginated list (pages in the URL). */
export default function AppVersionsPage() {
  const { page, pageSize, setPaging } = useListState(APP_VERSION_LIST);
  const list = useQuery(appVersionsQuery(page, pageSize));
  const rows = list.data?.appVersions ?? [];
  // Deleting the last row of a later page steps back a page (in place: Back does not return to the empty page).
  const stepBackIfEmptied = () => {
    if (rows.length === 1 && page > 1) setPaging(page - 1, pageSize, { replace: true });
  };
  return (
    <div className="app-versions">
      <Card title="New App Version" size="small">
        <CreateAppVersionForm />
      </Card>
      <Card title="App Versions" size="small">
        {list.isError ? <Alert type="error" showIcon title={errorMessage(list.error)} className="app-versions__error" /> : null}
        <AppVersionTable versions={rows} loading={list.isPending || list.isPlaceholderData} onDeleted={stepBackIfEmptied} />
        <ListPager page={page} pageSize={pageSize} total={list.data?.total_items} onChange={setPaging} />
      </Card>
    </div>
  );
}
