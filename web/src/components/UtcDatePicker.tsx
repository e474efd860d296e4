import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_TIME_DISPLAY_FORMAT } from '../lib/dateDisplay';
import { fromPicker, toPicker } from '../lib/dates';

export interface UtcDatePickerProps {
  id?: string;
  /** A UTC moment (or none); a Form.Item fills value and onChange. */
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  /** Days that cannot be picked, asked of UTC days. */
  disabledDate?: (day: Dayjs) => boolean;
}

const SHOW_TIME = { format: 'HH:mm:ss' };

/**
 * A date and time picker that shows and gives UTC whatever the browser's zone (lib/dates.ts toPicker): the form
 * item's label says "(UTC)".
 */
export function UtcDatePicker({ id, value, onChange, disabledDate }: UtcDatePickerProps) {
  return (
    <DatePicker
      id={id}
      showTime={SHOW_TIME}
      format={DATE_TIME_DISPLAY_FORMAT}
      className="full-width"
      value={value ? toPicker(value) : null}
      disabledDate={disabledDate && ((day) => disabledDate(fromPicker(day)))}
      onChange={(picked) => onChange?.(picked ? fromPicker(picked) : null)}
    />
  );
}
