import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DateRange } from '../lib/dates';
import { dayjs } from '../lib/dates';
import { DateRangeFilter } from './DateRangeFilter';

const RANGE: DateRange = [dayjs.utc('2026-01-05 00:00:00'), dayjs.utc('2026-02-07 23:59:59')];

describe('<DateRangeFilter dateOnly>', () => {
  it('dateOnly: shows YYYY-MM-DD and reports whole days, presets included', async () => {
    const onChange = vi.fn();
    render(<DateRangeFilter dateOnly value={RANGE} onChange={onChange} />);
    expect(screen.getByPlaceholderText('From')).toHaveValue('2026-01-05');
    expect(screen.getByPlaceholderText('To')).toHaveValue('2026-02-07');
    await userEvent.click(screen.getByPlaceholderText('From'));
    await userEvent.click(await screen.findByText('Weekly'));
    expect(onChange).toHaveBeenCalledTimes(1);
    const [from, to] = onChange.mock.calls[0][0] as DateRange;
    // UTC days, though the units run in Tokyo (vite.config.ts).
    const now = dayjs.utc();
    expect(from.valueOf()).toBe(now.subtract(1, 'week').startOf('day').valueOf());
    expect(to.valueOf()).toBe(now.endOf('day').valueOf());
    expect(screen.getByText('UTC')).toBeInTheDocument();
  });
});
