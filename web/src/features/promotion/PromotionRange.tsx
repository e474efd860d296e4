import { Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { UtcDatePicker } from '../../components/UtcDatePicker';
import { utcTitle } from '../../lib/dateDisplay';

interface PromotionRangeProps {
  start: Dayjs | null;
  end: Dayjs | null;
  onChange: (range: { start: Dayjs | null; end: Dayjs | null }) => void;
}

/** Start and end date-times; days before the start cannot be picked as the end, and an end before it is flagged. */
export function PromotionRange({ start, end, onChange }: PromotionRangeProps) {
  const endBeforeStart = start !== null && end !== null && end.isBefore(start);
  return (
    <div className="promotion__range">
      <Form.Item label={utcTitle('Start Date')} htmlFor="promotion-start">
        <UtcDatePicker
          id="promotion-start"
          value={start}
          onChange={(value) => onChange({ start: value, end })}
        />
      </Form.Item>
      <Form.Item
        label={utcTitle('End Date')}
        htmlFor="promotion-end"
        validateStatus={endBeforeStart ? 'error' : undefined}
        help={endBeforeStart ? 'The end cannot be before the start.' : undefined}
      >
        <UtcDatePicker
          id="promotion-end"
          value={end}
          disabledDate={(day) => start !== null && day.isBefore(start, 'day')}
          onChange={(value) => onChange({ start, end: value })}
        />
      </Form.Item>
    </div>
  );
}
