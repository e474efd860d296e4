import type { ReactNode } from 'react';
import { Children } from 'react';
import './InlineRow.css';

/**
 * Items side by side, centred, `gap` pixels apart: the markup and layout of antd's `<Space size={gap}>` (each item
 * in a block of its own, empty items left out) without its style hooks, which Space runs on every render. Table
 * cells and the dashboard's card titles render many of these, where those hooks showed in the first render.
 */
export function InlineRow({ gap, children }: { gap: number; children: ReactNode }) {
  return (
    <div className="inline-row" style={{ columnGap: gap, rowGap: gap }}>
      {Children.toArray(children).map((child, i) => (
        // The caller's items never move: their position is their identity.
        <div key={i}>{child}</div>
      ))}
    </div>
  );
}
