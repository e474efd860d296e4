import { utcTitle } from '../../lib/dateDisplay';
import type { TableColumnsType } from 'antd';
import { ActionTag, ActorCell, DetailsCell, TargetCell, WhenCell } from './AuditCells';
import { NONE } from './auditDetails';
import type { AuditRow } from './types';

/** The audit log's columns: When, Actor, Action, Target, Details, IP. */
export const AUDIT_COLUMNS: TableColumnsType<AuditRow> = [
  { key: 'when', title: utcTitle('Date'), render: (_, row) => <WhenCell at={row.created_at} /> },
  // Emails, names and actions wrap inside a bounded width, so a long one cannot push the table past the window.
  { key: 'actor', title: 'Actor', render: (_, row) => <div className="audit__text"><ActorCell actor={row.actor} /></div> },
  { key: 'action', title: 'Action', render: (_, row) => <div className="audit__text"><ActionTag action={row.action} /></div> },
  {
    key: 'target',
    title: 'Target',
    render: (_, row) => (
      <div className="audit__text">
        <TargetCell target={row.target} label={row.target_label} />
      </div>
    ),
  },
  // A fixed width: a hash or a key breaks inside it rather than widen the table past the window.
  { key: 'details', title: 'Details', width: 240, className: 'audit__details-column', render: (_, row) => <DetailsCell row={row} /> },
  { key: 'ip', title: 'IP', render: (_, row) => row.ip || NONE },
];
