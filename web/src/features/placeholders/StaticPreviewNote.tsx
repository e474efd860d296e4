import { Typography } from 'antd';

/** The quiet line on the static placeholder pages: nothing on them is wired yet. */
export function StaticPreviewNote() {
  return (
    <Typography.Paragraph type="secondary" className="static-preview-note">
      This page is a static preview.
    </Typography.Paragraph>
  );
}
