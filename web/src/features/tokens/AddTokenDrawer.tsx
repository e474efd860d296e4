import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import type { CoinType } from '../../lib/coinTypes';
import { BlockchainPicker } from './BlockchainPicker';
import { CoinIcon } from './CoinIcon';
import { TokenForm } from './TokenForm';
import { canAddToken, toTokenInput } from './tokenRules';
import { createToken } from './tokensApi';
import type { TokenFormValues } from './types';
import { useSaveToken } from './useSaveToken';

export const TOKEN_ADDED = 'Token has been added';

interface AddTokenDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The 'add token' side panel: step one picks the blockchain, step two fills the token in. */
export function AddTokenDrawer({ open, onClose }: AddTokenDrawerProps) {
  return (
    <Drawer title="Add Token" open={open} onClose={onClose} destroyOnHidden size={480}>
      <AddTokenSteps onDone={onClose} />
    </Drawer>
  );
}

function AddTokenSteps({ onDone }: { onDone: () => void }) {
  const [chain, setChain] = useState<CoinType | null>(null);
  const save = useSaveToken((values: TokenFormValues) => createToken(toTokenInput(values, chain?.id ?? 0)), TOKEN_ADDED, onDone);

  if (!chain) return <BlockchainPicker onPick={setChain} />;
  return (
    <>
      <div className="token-panel__chain">
        <Button
          icon={<ArrowLeftOutlined />}
          aria-label="Back to the blockchains"
          onClick={() => {
            save.reset();
            setChain(null);
          }}
        />
        <CoinIcon src={chain.icon} />
        <span>
          Blockchain: <strong>{chain.name}</strong>
        </span>
      </div>
      <TokenForm
        name="add-token"
        submitLabel="Add Token"
        canSubmit={canAddToken}
        submitting={save.isPending}
        error={save.error}
        onSubmit={(values) => save.mutate(values)}
      />
    </>
  );
}
