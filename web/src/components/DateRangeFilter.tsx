import { DatePicker } from 'antd';
import type { DateRange } from '../lib/dates';
import { DATE_TIME_DISPLAY_FORMAT } from '../lib/dateDisplay';
import { DATE_RANGE_PRESETS } from '../lib/dates';

/** How a date-only picker shows its dates (the reports: start -> end in YYYY-MM-DD). */
const DATE_ONLY_FORMAT = 'YYYY-MM-DD';

const PRESETS = DATE_RANGE_PRESETS.map(({ label, value }) => ({ label, value }));
const PLACEHOLDER: [string, string] = ['From', 'To'];

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /**
   * Dates without time, shown YYYY-MM-DD (the reports). Every range it reports, presets included, runs from the
   * start of its first day to the end of its last day. Default: date and time.
   */
  dateOnly?: boolean;
}

function wholeDays([from, to]: DateRange): DateRange {
  return [from.startOf('day'), to.endOf('day')];
}

/**
 * The date-range filter of lists and reports: date and time, presets Daily / Weekly / Monthly / Yearly (the last
 * one, counted back from now), DD-MM-YYYY HH:mm, weeks from Monday (lib/dates.ts). Always a whole range: clearing
 * is not offered. The two inputs are named by their placeholders, From and To.
 */
export function DateRangeFilter({ value, onChange, dateOnly = false }: DateRangeFilterProps) {
  return (
    <DatePicker.RangePicker
      showTime={dateOnly ? false : { format: 'HH:mm' }}
      format={dateOnly ? DATE_ONLY_FORMAT : DATE_TIME_DISPLAY_FORMAT}
      presets={PRESETS}
      value={value}
      allowClear={false}
      placeholder={PLACEHOLDER}
      onChange={(range) => {
        if (!range?.[0] || !range[1]) return;
        onChange(dateOnly ? wholeDays([range[0], range[1]]) : [range[0], range[1]]);
      }}
    />
  );
}
