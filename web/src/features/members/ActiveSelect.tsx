import { Select } from 'antd';

type ActiveOption = 'active' | 'inactive';

const OPTIONS: { value: ActiveOption; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

interface ActiveSelectProps {
  id?: string;
  value?: boolean;
  onChange?: (value: boolean) => void;
  disabled?: boolean;
}

/** Active / Inactive, for a boolean (a user's status, a 2FA method); Form.Item passes id, value and onChange. */
export function ActiveSelect({ id, value, onChange, disabled }: ActiveSelectProps) {
  return (
    <Select<ActiveOption>
      id={id}
      value={value === undefined ? undefined : value ? 'active' : 'inactive'}
      onChange={(option) => onChange?.(option === 'active')}
      disabled={disabled}
      options={OPTIONS}
    />
  );
}
