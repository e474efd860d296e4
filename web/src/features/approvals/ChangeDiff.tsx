import { Typography } from 'antd';
import type { CoinName } from './changeDiff';
import { diffChange } from './changeDiff';

/**
 * What a request would change: Field, Before and After side by side, the changed fields marked (a tinted row and
 * the word "changed", not the colour alone); for a list, what it adds and removes.
 */
export function ChangeDiff({ change, caption, coinName }: { change: unknown; caption: string; coinName?: CoinName }) {
  const { hasBefore, rows } = diffChange(change, coinName);
  if (rows.length === 0) return <Typography.Text type="secondary">The change records no details.</Typography.Text>;
  return (
    <table className="change-diff">
      <caption className="change-diff__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          {hasBefore ? <th scope="col">Before</th> : null}
          <th scope="col">{hasBefore ? 'After' : 'Value'}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field} className={row.changed && hasBefore ? 'change-diff__row--changed' : undefined}>
            <th scope="row">
              {row.label}
              {row.changed && hasBefore ? <span className="change-diff__flag"> (changed)</span> : null}
            </th>
            {hasBefore ? <td className="change-diff__value">{row.before || '—'}</td> : null}
            <td className="change-diff__value">
              {row.after || '—'}
              {row.added.length > 0 && hasBefore ? <div className="change-diff__added">Adds: {row.added.join(', ')}</div> : null}
              {row.removed.length > 0 ? <div className="change-diff__removed">Removes: {row.removed.join(', ')}</div> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
