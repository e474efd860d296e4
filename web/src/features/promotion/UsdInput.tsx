import { InputNumber } from 'antd';

interface UsdInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The coin equivalent shown under the field, e.g. `≈ 10.0000000 USDT`. */
  equivalent: string;
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
        ≈ {equivalent}
      </div>
    </>
  );
}
