import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { AddTokenDrawer } from './AddTokenDrawer';
import { ModifyTokenDrawer } from './ModifyTokenDrawer';
import { TokenTable } from './TokenTable';
import { tokensQuery } from './tokensApi';
import type { Token } from './types';
import './tokens.css';

/** /tokens: the token list, the 'add token' panel (plus button) and each row's 'Modify Token' panel. */
export default function TokensPage() {
  const tokens = useQuery(tokensQuery);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Token | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const edit = (token: Token) => {
    setEditing(token);
    setEditOpen(true);
  };
  return (
    <>
      <div className="tokens__toolbar">
        <Button type="primary" shape="circle" icon={<PlusOutlined />} aria-label="Add Token" onClick={() => setAdding(true)} />
      </div>
      {tokens.isError ? <Alert type="error" showIcon title={errorMessage(tokens.error)} className="tokens__error" /> : null}
      <TokenTable tokens={tokens.data ?? []} loading={tokens.isPending} onEdit={edit} />
      <AddTokenDrawer open={adding} onClose={() => setAdding(false)} />
      <ModifyTokenDrawer open={editOpen} token={editing} onClose={() => setEditOpen(false)} />
    </>
  );
}
