import { message } from 'antd';
import { useEffect } from 'react';
import { setToastSink } from '../lib/toast';
import { AntdConfig, TOAST_DURATION_S } from './antdConfig';

/** Ant Design's message, showing the toasts of lib/toast.ts (loaded by ToastHost when the first one is asked for). */
export default function Toasts() {
  const [api, holder] = message.useMessage({ duration: TOAST_DURATION_S });
  useEffect(() => {
    setToastSink(({ kind, content }) => void api[kind](content));
    return () => setToastSink(undefined);
  }, [api]);
  return <AntdConfig>{holder}</AntdConfig>;
}
