import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Select } from 'antd';
import { useState } from 'react';
import { FormSection } from '../../components/FormSection';
import { errorMessage } from '../../lib/api';
import { changeLogGroupsQuery } from './appVersionsApi';
import { addChangelogEntry, canAddChangelog, canAddItemField, itemsEnabled, MIN_ITEM_LENGTH } from './changelogBuilder';
import { ChangeLogView } from './ChangeLogView';
import type { ChangeLogGroup } from './types';

interface ChangelogBuilderProps {
  nameSet: boolean;
  releaseDateSet: boolean;
  entries: ChangeLogGroup[];
  onEntriesChange: (entries: ChangeLogGroup[]) => void;
}

/** Group, item texts and Add Changelog; the entries added so far are listed below with a remove button each. */
export function ChangelogBuilder({ nameSet, releaseDateSet, entries, onEntriesChange }: ChangelogBuilderProps) {
  const groups = useQuery(changeLogGroupsQuery);
  const [group, setGroup] = useState<string | undefined>();
  const [items, setItems] = useState<string[]>(['']);
  const enabled = itemsEnabled(group);
  const moreItems = enabled && canAddItemField(items);

  const setItem = (index: number, text: string) => setItems((current) => current.map((item, i) => (i === index ? text : item)));
  const addItemField = () => setItems((current) => [...current, '']);
  const removeItemField = (index: number) => setItems((current) => current.filter((_, i) => i !== index));
  const addChangelog = () => {
    if (!group) return;
    onEntriesChange(addChangelogEntry(entries, group, items));
    setGroup(undefined);
    setItems(['']);
  };

  return (
    <FormSection title="Change Log" className="changelog-builder">
      {groups.isError ? <Alert type="error" showIcon title={errorMessage(groups.error)} /> : null}
      <label className="changelog-builder__label" htmlFor="changelog-group">
        Group
      </label>
      <Select
        id="changelog-group"
        className="changelog-builder__group"
        placeholder="Choose a group"
        loading={groups.isPending}
        value={group}
        onChange={setGroup}
        options={(groups.data ?? []).map((name) => ({ value: name, label: name }))}
      />
      <div className="changelog-builder__items" role="group" aria-label="Items">
        {items.map((item, index) => (
          <div className="changelog-builder__item" key={index}>
            <Input
              aria-label={`Item ${index + 1}`}
              placeholder={enabled ? `At least ${MIN_ITEM_LENGTH} characters` : 'Choose a group first'}
              disabled={!enabled}
              value={item}
              onChange={(event) => setItem(index, event.target.value)}
              onPressEnter={(event) => {
                // Enter adds the next item field instead of submitting the whole version.
                event.preventDefault();
                if (index === items.length - 1 && moreItems) addItemField();
              }}
            />
            {items.length > 1 ? (
              <Button icon={<DeleteOutlined />} aria-label={`Remove item ${index + 1}`} onClick={() => removeItemField(index)} />
            ) : null}
          </div>
        ))}
        <Button icon={<PlusOutlined />} disabled={!moreItems} onClick={addItemField}>
          Add Item
        </Button>
      </div>
      <Button disabled={!canAddChangelog({ nameSet, releaseDateSet, group, items })} onClick={addChangelog}>
        Add Changelog
      </Button>
      {entries.length > 0 ? (
        <ChangeLogView
          changeLog={entries}
          onRemove={(groupName) => onEntriesChange(entries.filter((entry) => entry.groupName !== groupName))}
        />
      ) : (
        <p className="muted">No change-log entries yet.</p>
      )}
    </FormSection>
  );
}
