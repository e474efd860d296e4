import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Spin } from 'antd';
import { errorMessage } from '../../lib/api';
import type { CoinType } from '../../lib/coinTypes';
import { coinTypesQuery } from '../../lib/coinTypes';
import { CoinIcon } from './CoinIcon';

/** Step one of the add token panel: the chain coins as icon-and-name buttons. */
export function BlockchainPicker({ onPick }: { onPick: (chain: CoinType) => void }) {
  const chains = useQuery(coinTypesQuery(false));
  if (chains.isPending) {
    return (
      <div className="token-panel__state" role="status" aria-label="Loading blockchains">
        <Spin />
      </div>
    );
  }
  if (chains.isError) return <Alert type="error" showIcon title={errorMessage(chains.error)} />;
  if (chains.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No blockchains" />;
  return (
    <div role="group" aria-labelledby="blockchain-picker-title">
      <p id="blockchain-picker-title" className="token-panel__intro">
        Select the blockchain of the new token.
      </p>
      <div className="blockchain-picker">
        {chains.data.map((chain) => (
          <Button key={chain.id} className="blockchain-picker__choice" onClick={() => onPick(chain)}>
            <CoinIcon src={chain.icon} />
            {chain.name}
          </Button>
        ))}
      </div>
    </div>
  );
}
