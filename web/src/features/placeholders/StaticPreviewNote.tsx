import { Typography } from 'antd';

/** The quiet line on the static placeholder pages: what on them is made up, and that prices are not. */
export function StaticPreviewNote() {
  return (
    <Typography.Paragraph type="secondary" className="static-preview-note">
      This page is a static preview: balances and the wallet address are made up and the buttons do nothing. Prices are
      the market&apos;s, as on the dashboard.
    </Typography.Paragraph>
  );
}
