import { Tooltip } from 'antd';
import { shortenHash } from './shortenHash';

/** A transaction hash, shortened, linking to the block explorer, with the full hash in a tooltip. */
export function HashLink({ hash, explorerUrl }: { hash: string; explorerUrl: string }) {
  const text = shortenHash(hash);
  return (
    <Tooltip title={hash}>
      {explorerUrl ? (
        <a href={explorerUrl} target="_blank" rel="noopener noreferrer" aria-label={hash} className="tx-hash">
          {text}
        </a>
      ) : (
        <span aria-label={hash} className="tx-hash">
          {text}
        </span>
      )}
    </Tooltip>
  );
}
