import { Alert } from 'antd';
import type { ReactNode } from 'react';

/** A failed save, above a modal's fields (announced: antd's Alert has role="alert"). */
export function FormError({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return <Alert type="error" showIcon title={title} description={description} style={{ marginBottom: 16 }} />;
}
