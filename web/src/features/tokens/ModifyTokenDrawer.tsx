import { useQuery } from '@tanstack/react-query';
import { Drawer } from 'antd';
import { coinTypesQuery } from '../../lib/coinTypes';
import { TokenForm } from './TokenForm';
import { canModifyToken, toTokenInput } from './tokenRules';
import { editToken } from './tokensApi';
import type { Token, TokenFormValues } from './types';
import { useSaveToken } from './useSaveToken';

export const TOKEN_MODIFIED = 'Token has been modified';

interface ModifyTokenDrawerProps {
  open: boolean;
  /** The token being modified (kept while the panel closes). */
  token: Token | null;
  onClose: () => void;
}

/** The 'Modify Token' side panel: the add form's fields plus a Blockchain dropdown. */
export function ModifyTokenDrawer({ open, token, onClose }: ModifyTokenDrawerProps) {
  return (
    <Drawer title="Modify Token" open={open && token !== null} onClose={onClose} destroyOnHidden size={480}>
      {token ? <ModifyTokenForm key={token.id} token={token} onDone={onClose} /> : null}
    </Drawer>
  );
}

function initialValues(token: Token): TokenFormValues {
  const { name, symbol, decimals, mainContract, testContract, maxConfirmation, minSpendable, blockchainId } = token;
  return { name, symbol, decimals, mainContract, testContract, maxConfirmation, minSpendable, blockchain: blockchainId };
}

function ModifyTokenForm({ token, onDone }: { token: Token; onDone: () => void }) {
  const chains = useQuery(coinTypesQuery(false));
  const save = useSaveToken(
    (values: TokenFormValues) => editToken(token.id, toTokenInput(values, values.blockchain ?? token.blockchainId)),
    TOKEN_MODIFIED,
    onDone,
  );
  // Until the chain coins arrive, the dropdown offers the token's own chain (named by its symbol).
  const fallbackChain = { id: token.blockchainId, name: token.blockchain, icon: '' };
  return (
    <TokenForm
      name="modify-token"
      initialValues={initialValues(token)}
      chains={chains.data ?? [fallbackChain]}
      submitLabel="Modify Token"
      canSubmit={canModifyToken}
      submitting={save.isPending}
      error={save.error ?? chains.error}
      onSubmit={(values) => save.mutate(values)}
    />
  );
}
