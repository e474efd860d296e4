import { Select } from 'antd';
import type { UserFlagFilter } from './types';

/** A yes-or-no filter's value in the URL and the list call: 'true', 'false', or undefined for all. */
export type FlagValue = 'true' | 'false';
export type UserFlags = Partial<Record<UserFlagFilter, FlagValue>>;

const ALL = 'all';

/** Each filter under its column's name, with the column's own words for yes and no. */
const FILTERS: { name: UserFlagFilter; label: string; all: string; yes: string; no: string }[] = [
  { name: 'enabled', label: 'Status', all: 'All statuses', yes: 'Active', no: 'Inactive' },
  { name: 'second_factor', label: '2FA', all: 'Any 2FA', yes: '2FA on', no: '2FA off' },
  { name: 'email_verified', label: 'Email Verified', all: 'Verified or not', yes: 'Email verified', no: 'Email not verified' },
];

interface UserFiltersProps {
  flags: UserFlags;
  onChange: (patch: UserFlags) => void;
}

/** Status, 2FA and Email Verified: the server filters the list by them (kept in the URL with the search). */
export function UserFilters({ flags, onChange }: UserFiltersProps) {
  return (
    <>
      {FILTERS.map(({ name, label, all, yes, no }) => (
        <Select<string>
          key={name}
          aria-label={label}
          className="member-list__filter"
          value={flags[name] ?? ALL}
          options={[
            { value: ALL, label: all },
            { value: 'true', label: yes },
            { value: 'false', label: no },
          ]}
          onChange={(value) => onChange({ [name]: value === ALL ? undefined : (value as FlagValue) })}
        />
      ))}
    </>
  );
}
