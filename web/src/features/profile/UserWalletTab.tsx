import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { CoinFilter } from '../../components/CoinFilter';
import { CsvDownloadButton } from '../../components/CsvDownloadButton';
import { DebouncedInput } from '../../components/DebouncedInput';
import { PagedTable } from '../../components/PagedTable';
import { errorMessage } from '../../lib/api';
import { idParam, textParam } from '../../lib/listParams';
import type { ListSpec } from '../../lib/useListState';
import { useListState } from '../../lib/useListState';
import type { UserWalletsQuery } from './profileApi';
import { downloadUserWalletsCsv, userWalletsQuery } from './profileApi';
import type { Wallet } from './types';
import { WALLET_COLUMNS } from './walletColumns';

interface WalletFilters {
  coinType?: number;
  wallet_name: string;
}

/** The tab's filters in the URL, after `wallets.` (the profile has other lists): coinType, wallet_name. */
const WALLET_LIST: ListSpec<WalletFilters> = {
  params: { coinType: idParam('coinType'), wallet_name: textParam('wallet_name') },
  defaults: () => ({ wallet_name: '' }),
  prefix: 'wallets.',
};

/** The user's wallets: coin and wallet-name filters, paging, CSV. */
export function UserWalletTab({ userId }: { userId: number }) {
  const { filters, page, pageSize, setFilters, setPaging } = useListState(WALLET_LIST);
  const csvQuery: UserWalletsQuery = { coinType: filters.coinType, wallet_name: filters.wallet_name };
  const query = useQuery(userWalletsQuery(userId, { page, maxPerPage: pageSize, ...csvQuery }));
  return (
    <>
      <div className="profile-tab__toolbar" role="search" aria-label="Wallet filters">
        <CoinFilter value={filters.coinType} onChange={(coinType) => setFilters({ coinType })} className="profile-tab__coin" />
        <DebouncedInput
          type="search"
          aria-label="Wallet name"
          placeholder="Wallet name"
          allowClear
          className="profile-tab__search"
          value={filters.wallet_name}
          onChange={(wallet_name) => setFilters({ wallet_name })}
        />
        <CsvDownloadButton download={(csv) => downloadUserWalletsCsv(userId, csv)} query={csvQuery} />
      </div>
      {query.isError ? <Alert type="error" showIcon title={errorMessage(query.error)} className="profile-tab__error" /> : null}
      <PagedTable<Wallet>
        rows={query.data?.wallets ?? []}
        columns={WALLET_COLUMNS}
        rowKey="id"
        loading={query.isFetching}
        emptyText="No wallets"
        page={page}
        pageSize={pageSize}
        total={query.data?.total_items ?? 0}
        onPaging={setPaging}
      />
    </>
  );
}
