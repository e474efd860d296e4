import { DownloadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { errorMessage } from '../lib/api';
import { toast } from '../lib/toast';

interface CsvDownloadButtonProps<Query> {
  /** Starts the download with `query`; resolves to the file name (apiDownload). */
  download: (query: Query) => Promise<string>;
  query: Query;
  /** Only the icon, named "Download CSV" (accessible name and tooltip), e.g. the reports' green icon. */
  iconOnly?: boolean;
  /** An antd preset colour for an outlined button (e.g. 'green'); default: the default button. */
  color?: ButtonProps['color'];
}

/** "Download CSV": saves the export for the current filters; a failure shows a toast. */
export function CsvDownloadButton<Query>({ download, query, iconOnly = false, color }: CsvDownloadButtonProps<Query>) {
  const mutation = useMutation({
    mutationFn: download,
    onError: (error) => toast.error(errorMessage(error)),
  });
  return (
    <Button
      icon={<DownloadOutlined />}
      color={color}
      variant={color ? 'outlined' : undefined}
      aria-label={iconOnly ? 'Download CSV' : undefined}
      title={iconOnly ? 'Download CSV' : undefined}
      loading={mutation.isPending}
      onClick={() => mutation.mutate(query)}
    >
      {iconOnly ? null : 'Download CSV'}
    </Button>
  );
}
