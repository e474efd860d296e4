import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

interface SelectionBarProps {
  /** Rows on the current page. */
  rowCount: number;
  selectedCount: number;
  onSelectAll: () => void;
  onUnselectAll: () => void;
  /** The actions on the selection (members screen). */
  children?: ReactNode;
}

/** Select All, Unselect All and the selected count (over the current page), then the actions on the selection. */
export function SelectionBar({ rowCount, selectedCount, onSelectAll, onUnselectAll, children }: SelectionBarProps) {
  return (
    <Space wrap className="member-list__selection">
      <Button onClick={onSelectAll} disabled={rowCount === 0 || selectedCount === rowCount}>
        Select All
      </Button>
      <Button onClick={onUnselectAll} disabled={selectedCount === 0}>
        Unselect All
      </Button>
      <span role="status" aria-live="polite" data-testid="selected-count">
        {selectedCount} selected
      </span>
      {children}
    </Space>
  );
}
