import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { toast } from '../../lib/toast';

/**
 * The customers' action on a selection: their emails, one per line, on the clipboard, for a support ticket or a
 * mailing. Customers are the core's, so the back office changes none of them in bulk.
 */
export function CopyEmailsButton({ emails }: { emails: string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(emails.join('\n'));
      toast.success(emails.length === 1 ? 'Copied 1 email.' : `Copied ${emails.length} emails.`);
    } catch {
      toast.error('The emails could not be copied: the browser refused the clipboard.');
    }
  };
  return (
    <Button icon={<CopyOutlined aria-hidden />} disabled={emails.length === 0} onClick={() => void copy()}>
      Copy emails
    </Button>
  );
}
