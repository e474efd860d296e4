import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Card, Empty, Spin } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import './QueryCard.css';

type QueryState<T> = Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'isPending'>;

interface BodyProps<T> {
  name: string;
  query: QueryState<T>;
  children: (data: T) => ReactNode;
  /** True when there is nothing to show (an empty state replaces the children). */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  /** Keep the spinner when the call fails instead of showing the error (the company balance card). */
  loadingOnError?: boolean;
  /** Also wait (spinner) while this is true, e.g. for data the card depends on. */
  waiting?: boolean;
  /**
   * Show no error message when the call fails (the reports do not show one): the empty state when there is no
   * data, else the last data as it is.
   */
  hideErrors?: boolean;
}

export interface QueryCardProps<T> extends Omit<BodyProps<T>, 'name'> {
  title: ReactNode;
  /** Accessible name of the card (default: the title, when it is text). */
  label?: string;
  extra?: ReactNode;
  className?: string;
}

/**
 * A card around one query: a spinner while it loads, the error message when it fails (never a blank card), an
 * empty state, else the content. After a failed refresh the last data stays, with the error above it.
 */
export function QueryCard<T>({ title, label, extra, className, ...body }: QueryCardProps<T>) {
  const name = label ?? (typeof title === 'string' ? title : '');
  return (
    <Card title={title} extra={extra} size="small" className={className} role="region" aria-label={name || undefined}>
      <QueryCardBody name={name} {...body} />
    </Card>
  );
}

function QueryCardBody<T>({ name, query, children, isEmpty, emptyText = 'No data', loadingOnError, waiting, hideErrors }: BodyProps<T>) {
  const { data } = query;
  if (waiting || (data === undefined && (query.isPending || (query.isError && loadingOnError)))) {
    return (
      <div className="query-card__spinner" role="status" aria-label={`Loading ${name}`.trim()}>
        <Spin />
      </div>
    );
  }
  if (data === undefined && hideErrors) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  if (data === undefined) return <Alert type="error" showIcon title={errorMessage(query.error)} />;
  return (
    <>
      {query.isError && !loadingOnError && !hideErrors ? (
        <Alert type="warning" showIcon title={errorMessage(query.error)} className="query-card__stale" />
      ) : null}
      {isEmpty?.(data) ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> : children(data)}
    </>
  );
}
