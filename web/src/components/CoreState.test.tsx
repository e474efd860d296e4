import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pendingAtCore, pendingRefresh } from '../lib/coreStatus';
import { CoreState } from './CoreState';

const AT = '2026-11-28T11:00:00Z';

describe('<CoreState>', () => {
  it('says pending until the core answers, then applied, or rejected with its reason', () => {
    const { rerender, container } = render(<CoreState core={{ commandId: 'c', state: 'delivered', at: AT }} />);
    expect(screen.getByText('Pending at core')).toBeInTheDocument();
    rerender(<CoreState core={{ commandId: 'c', state: 'waiting', at: AT }} />);
    expect(screen.getByText('Pending at core')).toBeInTheDocument();
    rerender(<CoreState core={{ commandId: 'c', state: 'applied', at: AT }} />);
    expect(screen.getByText('Applied at core')).toBeInTheDocument();
    rerender(<CoreState core={{ commandId: 'c', state: 'rejected', reason: 'A withdrawal is in flight', at: AT }} />);
    expect(screen.getByText('Rejected by the core')).toBeInTheDocument();
    expect(screen.getByText(/A withdrawal is in flight/)).toBeInTheDocument();
    rerender(<CoreState core={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('reads again only while the core has not answered', () => {
    expect(['waiting', 'delivered', 'applied', 'rejected'].map((state) => pendingAtCore({ commandId: 'c', state: state as 'applied', at: AT }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(pendingAtCore(undefined)).toBe(false);
  });

  it('stops reading again ten minutes after the change, answered or not', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const pending = (at: string) => ({ commandId: 'c', state: 'delivered' as const, at });
    expect(pendingRefresh([pending('2026-11-28T11:55:00Z')], now)).toBe(2000);
    expect(pendingRefresh([pending('2026-11-28T11:49:00Z')], now)).toBe(false);
    expect(pendingRefresh([undefined, { commandId: 'c', state: 'applied', at: '2026-11-28T11:59:00Z' }], now)).toBe(false);
  });
});
