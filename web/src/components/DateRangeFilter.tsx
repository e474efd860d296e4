import { DatePicker } from 'antd';
import type { DateRange } from '../lib/dates';
import { DATE_TIME_DISPLAY_FORMAT } from '../lib/dateDisplay';
import { DATE_RANGE_PRESETS, fromPicker, toPicker } from '../lib/dates';
import './DateRangeFilter.css';

/** How a date-only picker shows its dates (the reports: start -> end in YYYY-MM-DD). */
const DATE_ONLY_FORMAT = 'YYYY-MM-DD';

const PRESETS = DATE_RANGE_PRESETS.map(({ label, value }) => ({
  label,
  value: () => value().map(toPicker) as DateRange,
}));
const PLACEHOLDER: [string, string] = ['From', 'To'];

export interface DateRangeFilterProps {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /**
   * Dates without time, shown YYYY-MM-DD (the reports). Every range it reports, presets included, runs from the
   * start of its first UTC day to the end of its last. Default: date and time.
   */
  dateOnly?: boolean;
}

function wholeDays([from, to]: DateRange): DateRange {
  return [from.startOf('day'), to.endOf('day')];
}

/**
 * The date-range filter of lists and reports, in UTC whatever the browser's zone (labelled so): date and time,
 * presets Daily / Weekly / Monthly / Yearly (the last one, counted back from now), weeks from Monday
 * (lib/dates.ts). Always a whole range: clearing is not offered. The two inputs are named by their placeholders,
 * From and To.
 */
export function DateRangeFilter({ value, onChange, dateOnly = false }: DateRangeFilterProps) {
  return (
    <span className="date-range-filter">
      <DatePicker.RangePicker
        showTime={dateOnly ? false : { format: 'HH:mm:ss' }}
        format={dateOnly ? DATE_ONLY_FORMAT : DATE_TIME_DISPLAY_FORMAT}
        presets={PRESETS}
        value={[toPicker(value[0]), toPicker(value[1])]}
        allowClear={false}
        placeholder={PLACEHOLDER}
        onChange={(range) => {
          if (!range?.[0] || !range[1]) return;
          const picked: DateRange = [fromPicker(range[0]), fromPicker(range[1])];
          onChange(dateOnly ? wholeDays(picked) : picked);
        }}
      />
      <span className="date-range-filter__zone">UTC</span>
    </span>
  );
}
