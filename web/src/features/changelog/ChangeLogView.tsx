import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ChangeLogGroup } from './types';

interface ChangeLogViewProps {
  changeLog: ChangeLogGroup[];
  /** Given while building: each group gets a remove button. */
  onRemove?: (groupName: string) => void;
}

/** A change log: each group's name and its items. */
export function ChangeLogView({ changeLog, onRemove }: ChangeLogViewProps) {
  if (changeLog.length === 0) return <p className="muted">No change log.</p>;
  return (
    <div className="changelog-view">
      {changeLog.map((group) => (
        <section key={group.groupName} className="changelog-view__group" aria-label={group.groupName}>
          <h3 className="changelog-view__title">
            {group.groupName}
            {onRemove ? (
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                aria-label={`Remove ${group.groupName}`}
                onClick={() => onRemove(group.groupName)}
              />
            ) : null}
          </h3>
          <ul className="changelog-view__items">
            {group.items.map((item, index) => (
              <li key={index}>{item}</li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
