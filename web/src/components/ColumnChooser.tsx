import { Button, Checkbox, Popover } from 'antd';
import { useId } from 'react';
import './ColumnChooser.css';

export interface ColumnChooserProps<K extends string> {
  /** Every column of the table, in its order, with its title. */
  columns: readonly { key: K; title: string }[];
  /** The columns on screen now. */
  shown: readonly K[];
  onChange: (shown: readonly K[]) => void;
  /** Forget the choice: the table shows what fits. */
  onReset: () => void;
}

/**
 * The Columns button of a wide table: says how many columns are on screen, and lets the user show or hide each one
 * (at least one stays). A table never hides a column without this button saying so.
 */
export function ColumnChooser<K extends string>({ columns, shown, onChange, onReset }: ColumnChooserProps<K>) {
  const labelId = useId();
  const hidden = columns.length - shown.length;
  const content = (
    <div className="column-chooser">
      <Checkbox.Group<K>
        aria-labelledby={labelId}
        className="column-chooser__list"
        value={[...shown]}
        options={columns.map(({ key, title }) => ({ value: key, label: title, disabled: shown.length === 1 && shown.includes(key) }))}
        onChange={(keys) => onChange(keys)}
      />
      <Button size="small" type="link" onClick={onReset}>
        Fit to the window
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={<span id={labelId}>Columns to show</span>} content={content}>
      <Button>{hidden > 0 ? `Columns: ${shown.length} of ${columns.length}` : 'Columns'}</Button>
    </Popover>
  );
}
