import { Checkbox, Collapse, Typography } from 'antd';
import type { CheckboxChangeEvent } from 'antd';
import type { PermissionCatalogue, PermissionInfo } from './types';

interface PermissionGroupsProps {
  catalogue: PermissionCatalogue;
  /** The keys ticked; Form.Item passes value and onChange. */
  value?: string[];
  onChange?: (keys: string[]) => void;
  id?: string;
}

function GroupPanel({ category, permissions, held, toggle }: {
  category: string;
  permissions: PermissionInfo[];
  held: Set<string>;
  toggle: (keys: string[], on: boolean) => void;
}) {
  const keys = permissions.map((p) => p.key);
  const ticked = keys.filter((key) => held.has(key)).length;
  return (
    <div className="permission-group">
      <Checkbox
        className="permission-group__all"
        aria-label={`Select All ${category}`}
        checked={ticked === keys.length && keys.length > 0}
        indeterminate={ticked > 0 && ticked < keys.length}
        onChange={(event: CheckboxChangeEvent) => toggle(keys, event.target.checked)}
      >
        Select All
      </Checkbox>
      <div className="permission-group__list">
        {permissions.map((permission) => (
          <Checkbox
            key={permission.key}
            checked={held.has(permission.key)}
            onChange={(event: CheckboxChangeEvent) => toggle([permission.key], event.target.checked)}
          >
            {permission.title} <Typography.Text type="secondary">({permission.key})</Typography.Text>
          </Checkbox>
        ))}
      </div>
    </div>
  );
}

/**
 * The grouped permission editor: one collapsible section per category (in the catalogue's order), each with
 * Select All. Keys the catalogue does not know are kept as they are.
 */
export function PermissionGroups({ catalogue, value = [], onChange, id }: PermissionGroupsProps) {
  const held = new Set(value);
  const toggle = (keys: string[], on: boolean) => {
    const next = new Set(held);
    for (const key of keys) {
      if (on) next.add(key);
      else next.delete(key);
    }
    onChange?.([...next]);
  };
  const items = Object.entries(catalogue).map(([category, permissions]) => {
    const ticked = permissions.filter((p) => held.has(p.key)).length;
    return {
      key: category,
      label: `${category} (${ticked}/${permissions.length})`,
      children: <GroupPanel category={category} permissions={permissions} held={held} toggle={toggle} />,
    };
  });
  return (
    <div id={id} className="permission-groups">
      <Collapse items={items} />
    </div>
  );
}
