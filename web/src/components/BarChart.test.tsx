import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { weekPoints } from '../features/dashboard/weekPoints';
import { formatCompactUsd, formatUsd } from '../lib/decimal';
import { BarChart } from './BarChart';

describe('BarChart', () => {
  it('writes each day under its bar and its value over it, a zero day included', () => {
    const week = [
      { day: '2026-11-22', value: '1250.50' },
      { day: '2026-11-23', value: '0.00' },
      { day: '2026-11-24', value: '80' },
    ];
    render(<BarChart label="Revenue per day" points={weekPoints(week, formatUsd, formatCompactUsd)} />);
    const chart = screen.getByRole('img');
    const texts = Array.from(chart.querySelectorAll('text')).map((t) => t.textContent);
    expect(texts).toEqual(['$1.3K', 'Sun 22', '$0', 'Mon 23', '$80', 'Tue 24']);
    expect(Array.from(chart.querySelectorAll('title')).map((t) => t.textContent)).toEqual([
      'Sun 2026-11-22: $1,250.50',
      'Mon 2026-11-23: $0.00',
      'Tue 2026-11-24: $80.00',
    ]);
    expect(chart).toHaveAccessibleName('Revenue per day: Sun 2026-11-22: $1,250.50, Mon 2026-11-23: $0.00, Tue 2026-11-24: $80.00');
  });
});
