import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { UtcDatePicker } from '../../components/UtcDatePicker';
import { utcTitle } from '../../lib/dateDisplay';
import { toApiDate } from '../../lib/dates';
import { appVersionKeys, createAppVersion } from './appVersionsApi';
import { canSubmitChangelog } from './changelogBuilder';
import { ChangelogBuilder } from './ChangelogBuilder';
import type { ChangeLogGroup, Platform } from './types';
import { PLATFORMS } from './types';
import { formatVersionName, isCompleteVersionName, VERSION_NAME_LENGTH } from './versionName';
import { toast } from '../../lib/toast';

export const APP_VERSION_CREATED = 'App version has been created';

interface AppVersionValues {
  name?: string;
  platform: Platform;
  releaseDate?: Dayjs | null;
  forceUpdateRequired: boolean;
}

const INITIAL_VALUES: AppVersionValues = { platform: 'Android', forceUpdateRequired: false };

/** The create form: Name (dots put in as typed), Platform, Release Date, Force Update Required, the builder. */
export function CreateAppVersionForm() {
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AppVersionValues>();
  const name = Form.useWatch('name', form);
  const releaseDate = Form.useWatch('releaseDate', form);
  const [entries, setEntries] = useState<ChangeLogGroup[]>([]);
  const nameSet = isCompleteVersionName(name);

  const create = useMutation({
    mutationFn: createAppVersion,
    onSuccess: () => {
      toast.success(APP_VERSION_CREATED);
      void queryClient.invalidateQueries({ queryKey: appVersionKeys.all });
      form.resetFields();
      setEntries([]);
    },
  });

  const submit = (values: AppVersionValues) => {
    if (!values.name || !values.releaseDate) return;
    create.mutate({
      name: values.name,
      releaseDate: toApiDate(values.releaseDate),
      platform: values.platform,
      forceUpdateRequired: values.forceUpdateRequired,
      changeLog: entries,
    });
  };

  return (
    <Form<AppVersionValues> form={form} name="app-version" layout="vertical" initialValues={INITIAL_VALUES} onFinish={submit}>
      <div className="app-version-form__fields">
        <Form.Item
          label="Name"
          name="name"
          normalize={formatVersionName}
          extra={`${VERSION_NAME_LENGTH} characters; the dots are added as you type.`}
        >
          <Input autoComplete="off" placeholder="2.140.01" maxLength={VERSION_NAME_LENGTH} />
        </Form.Item>
        <Form.Item label="Platform" name="platform">
          <Select options={PLATFORMS.map((platform) => ({ value: platform, label: platform }))} />
        </Form.Item>
        <Form.Item label={utcTitle('Release Date')} name="releaseDate">
          <UtcDatePicker />
        </Form.Item>
        <Form.Item name="forceUpdateRequired" valuePropName="checked" label=" " colon={false}>
          <Checkbox>Force Update Required</Checkbox>
        </Form.Item>
      </div>
      <ChangelogBuilder nameSet={nameSet} releaseDateSet={Boolean(releaseDate)} entries={entries} onEntriesChange={setEntries} />
      {create.isError ? <Alert type="error" showIcon title={errorMessage(create.error)} className="app-version-form__error" /> : null}
      <Button
        type="primary"
        htmlType="submit"
        disabled={!canSubmitChangelog(entries) || !nameSet || !releaseDate}
        loading={create.isPending}
      >
        Submit Changelog
      </Button>
    </Form>
  );
}
