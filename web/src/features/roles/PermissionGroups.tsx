import { Checkbox, Collapse, Typography } from 'antd';
import type { CheckboxChangeEvent } from 'antd';
import type { PermissionCatalogue, PermissionInfo } from './types';

interface PermissionGroupsProps {
  catalogue: PermissionCatalogue;
  /** Keys the viewer may not tick or untick (roleRules.keysBeyond): shown greyed, kept as they are. */
  locked?: ReadonlySet<string>;
  /** The keys ticked; Form.Item passes value and onChange. */
  value?: string[];
  onChange?: (keys: string[]) => void;
  id?: string;
}

export const LOCKED_KEY_TITLE = 'You do not hold this permission, so you cannot grant or remove it.';

function GroupPanel({ category, permissions, held, locked, toggle }: {
  category: string;
  permissions: PermissionInfo[];
  held: Set<string>;
  locked: ReadonlySet<string>;
  toggle: (keys: string[], on: boolean) => void;
}) {
  const keys = permissions.map((p) => p.key);
  const free = keys.filter((key) => !locked.has(key));
  // Select All is about the keys the viewer may change: ticked once they all are, whatever the greyed ones hold.
  const scope = free.length > 0 ? free : keys;
  const ticked = scope.filter((key) => held.has(key)).length;
  return (
    <div className="permission-group">
      <Checkbox
        className="permission-group__all"
        aria-label={`Select All ${category}`}
        checked={ticked === scope.length && scope.length > 0}
        indeterminate={ticked > 0 && ticked < scope.length}
        disabled={free.length === 0}
        onChange={(event: CheckboxChangeEvent) => toggle(free, event.target.checked)}
      >
        Select All
      </Checkbox>
      <div className="permission-group__list">
        {permissions.map((permission) => (
          <Checkbox
            key={permission.key}
            checked={held.has(permission.key)}
            disabled={locked.has(permission.key)}
            onChange={(event: CheckboxChangeEvent) => toggle([permission.key], event.target.checked)}
          >
            <span title={locked.has(permission.key) ? LOCKED_KEY_TITLE : undefined}>
              {permission.title} <Typography.Text type="secondary">({permission.key})</Typography.Text>
            </span>
          </Checkbox>
        ))}
      </div>
    </div>
  );
}

const NOTHING_LOCKED: ReadonlySet<string> = new Set();

/**
 * The grouped permission editor: one collapsible section per category (in the catalogue's order), each with
 * Select All, which ticks or unticks the keys the viewer may change. Keys the catalogue does not know are kept as
 * they are.
 */
export function PermissionGroups({ catalogue, locked = NOTHING_LOCKED, value = [], onChange, id }: PermissionGroupsProps) {
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
      children: <GroupPanel category={category} permissions={permissions} held={held} locked={locked} toggle={toggle} />,
    };
  });
  return (
    <div id={id} className="permission-groups">
      {locked.size > 0 ? (
        <Typography.Paragraph type="secondary" className="permission-groups__note">
          Greyed permissions are ones you do not hold: you can neither grant nor remove them.
        </Typography.Paragraph>
      ) : null}
      <Collapse items={items} />
    </div>
  );
}
