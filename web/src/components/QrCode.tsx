import { QRCode } from 'antd';
import { useEffect, useRef } from 'react';

interface QrCodeProps {
  value: string;
  size: number;
  /** What the code holds, for screen readers (e.g. "QR code of the wallet address"). */
  label: string;
}

/**
 * A QR code (Ant Design's, drawn as SVG) that screen readers announce by `label`: the drawing itself is hidden from
 * them (its SVG has the role of an image and no text of its own).
 */
export function QrCode({ value, size, label }: QrCodeProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    wrapper.current?.querySelectorAll('svg').forEach((svg) => svg.setAttribute('aria-hidden', 'true'));
  });
  return (
    <div ref={wrapper} role="img" aria-label={label} className="qr-code">
      <QRCode type="svg" value={value} size={size} bordered={false} />
    </div>
  );
}
