import type { UseQueryResult } from '@tanstack/react-query';
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { QueryCard } from '../../../components/QueryCard';

export interface Figure {
  label: string;
  value: ReactNode;
}

interface AccountingCardProps<T> {
  title: string;
  query: UseQueryResult<T>;
  figures: (data: T) => Figure[];
}

/** A card of the accounting report: label and value pairs, a spinner while loading, no message on failure. */
export function AccountingCard<T>({ title, query, figures }: AccountingCardProps<T>) {
  return (
    <QueryCard title={title} query={query} hideErrors>
      {(data) => (
        <Descriptions
          size="small"
          column={1}
          bordered
          items={figures(data).map(({ label, value }) => ({ key: label, label, children: value }))}
        />
      )}
    </QueryCard>
  );
}
