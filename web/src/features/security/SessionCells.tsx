import { Tag } from 'antd';

export const NONE = '—';

/** The device (a browser's whole user agent, cut to one line: the full text in its title), and `current`'s tag. */
export function DeviceCell({ model, current }: { model: string; current?: boolean }) {
  return (
    <span className="session-device">
      {current ? <Tag color="blue">This device</Tag> : null}
      <span className="session-device__model" title={model || undefined}>
        {model || NONE}
      </span>
    </span>
  );
}
