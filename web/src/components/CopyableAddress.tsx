import { Typography } from 'antd';
import './CopyableAddress.css';

/** An address (a wallet's, a contract's), cut to its column with the whole on hover, and a button that copies it. */
export function CopyableAddress({ address, label }: { address: string; label: string }) {
  if (!address) return <span aria-label={`No ${label.toLowerCase()}`}>—</span>;
  return (
    <Typography.Text
      className="copyable-address"
      ellipsis={{ tooltip: address }}
      copyable={{ text: address, tooltips: [`Copy the ${label.toLowerCase()}`, 'Copied'] }}
    >
      {address}
    </Typography.Text>
  );
}
