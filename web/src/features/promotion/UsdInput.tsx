import { InputNumber } from 'antd';

interface UsdInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The coin equivalent shown under the field, e.g. `≈ 10.0000000 USDT`; null before a coin is chosen. */
  equivalent: string | null;
}

/** A USD amount (an exact decimal string, never a float) with its coin equivalent. */
export function UsdInput({ id, value, onChange, disabled, equivalent }: UsdInputProps) {
  return (
    <>
      <InputNumber<string>
        id={id}
        stringMode
        min="0"
        prefix="$"
        className="full-width"
        value={value}
        disabled={disabled}
        onChange={(next) => onChange(next ?? '')}
        aria-describedby={`${id}-equivalent`}
      />
      <div id={`${id}-equivalent`} className="promotion__equivalent">
        {equivalent === null ? 'Choose a coin to see the amount in it.' : `≈ ${equivalent}`}
      </div>
    </>
  );
}
