import { Tooltip, Typography } from 'antd';
import { shortenHash } from './shortenHash';
import './HashLink.css';

/**
 * A transaction hash, shortened, linking to the block explorer, with the full hash in a tooltip and a button that
 * copies the whole hash (operations staff search and paste it elsewhere).
 */
export function HashLink({ hash, explorerUrl }: { hash: string; explorerUrl: string }) {
  const text = shortenHash(hash);
  return (
    <span className="tx-hash-cell">
      <Tooltip title={hash}>
        {explorerUrl ? (
          <a href={explorerUrl} target="_blank" rel="noopener noreferrer" className="tx-hash">
            {text}
            <span className="visually-hidden">{` (${hash})`}</span>
          </a>
        ) : (
          <span className="tx-hash">
            {text}
            <span className="visually-hidden">{` (${hash})`}</span>
          </span>
        )}
      </Tooltip>
      <Typography.Text copyable={{ text: hash, tooltips: ['Copy the hash', 'Copied'] }} />
    </span>
  );
}
