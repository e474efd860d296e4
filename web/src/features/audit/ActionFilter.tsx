import { Select } from 'antd';
import { useState } from 'react';
import { actionOptions } from './auditActions';

interface ActionFilterProps {
  value: string;
  onChange: (action: string) => void;
}

/**
 * The action filter: All actions, a family (`role.` = every role.* action) or one action; typing offers the typed
 * text too (exact, or a prefix when it ends in '.').
 */
export function ActionFilter({ value, onChange }: ActionFilterProps) {
  const [search, setSearch] = useState('');
  // The current value stays an option after the search text is gone (a typed action).
  const options = actionOptions(search.trim() || value);
  return (
    <Select<string>
      aria-label="Action"
      className="audit__action-filter"
      value={value}
      options={options}
      popupMatchSelectWidth={false}
      virtual={false}
      classNames={{ popup: { root: 'audit__action-popup' } }}
      showSearch={{ searchValue: search, onSearch: setSearch, optionFilterProp: 'value' }}
      onChange={(next) => {
        setSearch('');
        onChange(next.trim());
      }}
    />
  );
}
