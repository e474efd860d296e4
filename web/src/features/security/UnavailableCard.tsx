import { Card, ConfigProvider, Tag } from 'antd';
import type { ReactNode } from 'react';

export const NOT_FOR_STAFF = 'Not available for staff accounts';

interface UnavailableCardProps {
  title: string;
  /** Why staff cannot use it. */
  explanation: string;
  /** The section's controls, shown switched off. */
  children: ReactNode;
}

/**
 * A section of the product's security settings that staff accounts do not have: shown, marked "Not available for
 * staff accounts", its controls disabled (drawn so, and in a disabled fieldset) with the reason above them.
 */
export function UnavailableCard({ title, explanation, children }: UnavailableCardProps) {
  const id = `unavailable-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card
      title={title}
      extra={<Tag>{NOT_FOR_STAFF}</Tag>}
      className="security__card security__unavailable"
      role="region"
      aria-label={`${title} (${NOT_FOR_STAFF.toLowerCase()})`}
    >
      <p className="security__card-note" id={`${id}-why`}>
        {explanation}
      </p>
      <ConfigProvider componentDisabled>
        <fieldset disabled aria-describedby={`${id}-why`}>
          {children}
        </fieldset>
      </ConfigProvider>
    </Card>
  );
}
