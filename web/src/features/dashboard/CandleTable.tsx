import { formatDecimal } from '../../lib/decimal';
import { formatPrice } from './formatPrice';
import type { Candle } from './candles';

/**
 * The candles as a table for screen readers (the chart is a canvas); visually hidden. The wrapper is what hides it:
 * a table ignores `overflow`, so hidden itself it kept its full width and widened the page.
 */
export function CandleTable({ symbol, candles }: { symbol: string; candles: readonly Candle[] }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{`${symbol}, last ${candles.length} days`}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Open</th>
            <th scope="col">High</th>
            <th scope="col">Low</th>
            <th scope="col">Close</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {candles.map((c) => (
            <tr key={c.day} data-day={c.day} data-direction={c.direction} data-color={c.color}>
              <th scope="row">{c.day}</th>
              <td>{formatPrice(c.source.open)}</td>
              <td>{formatPrice(c.source.high)}</td>
              <td>{formatPrice(c.source.low)}</td>
              <td>{formatPrice(c.source.close)}</td>
              <td>{`${c.direction === 'up' ? 'up' : 'down'} ${formatDecimal(c.source.percentChange, 2)}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
