import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { DATE_TIME_DISPLAY_FORMAT } from '../../lib/dateDisplay';

interface PromotionRangeProps {
  start: Dayjs | null;
  end: Dayjs | null;
  onChange: (range: { start: Dayjs | null; end: Dayjs | null }) => void;
}

const SHOW_TIME = { format: 'HH:mm' };

/** Start and end date-times; days before the start cannot be picked as the end, and an end before it is flagged. */
export function PromotionRange({ start, end, onChange }: PromotionRangeProps) {
  const endBeforeStart = start !== null && end !== null && end.isBefore(start);
  return (
    <div className="promotion__range">
      <Form.Item label="Start Date" htmlFor="promotion-start">
        <DatePicker
          id="promotion-start"
          showTime={SHOW_TIME}
          format={DATE_TIME_DISPLAY_FORMAT}
          className="full-width"
          value={start}
          onChange={(value) => onChange({ start: value, end })}
        />
      </Form.Item>
      <Form.Item
        label="End Date"
        htmlFor="promotion-end"
        validateStatus={endBeforeStart ? 'error' : undefined}
        help={endBeforeStart ? 'The end cannot be before the start.' : undefined}
      >
        <DatePicker
          id="promotion-end"
          showTime={SHOW_TIME}
          format={DATE_TIME_DISPLAY_FORMAT}
          className="full-width"
          value={end}
          disabledDate={(day) => start !== null && day.isBefore(start, 'day')}
          onChange={(value) => onChange({ start, end: value })}
        />
      </Form.Item>
    </div>
  );
}
