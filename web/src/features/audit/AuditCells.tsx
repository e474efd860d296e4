import { Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { NO_DATE, formatDateTime } from '../../lib/dateDisplay';
import { Permission } from '../../lib/permissions';
import { UserEmailLink } from '../session/UserEmailLink';
import { useCan } from '../session/useCan';
import { ACTION_LABELS, actionColour } from './auditActions';
import { compactDetails, DETAILS_PREVIEW_CHARS, NONE, prettyDetails, truncate } from './auditDetails';
import type { AuditRow } from './types';

/** The time in the app's format (UTC). */
export function WhenCell({ at }: { at: string }) {
  const text = formatDateTime(at);
  return text === NO_DATE ? <span>{NO_DATE}</span> : <time dateTime={at}>{text}</time>;
}

/**
 * The actor's email, linking to their profile like elsewhere (only with ADMIN_SHOW_USER). Without an account (a
 * failed sign-in for an unknown name, the system) the recorded name shows greyed, marked "no account" unless it
 * is the system.
 */
export function ActorCell({ actor }: { actor: AuditRow['actor'] }) {
  if (actor.id !== null && actor.email) return <UserEmailLink user={{ id: actor.id, email: actor.email }} />;
  if (!actor.email) return <Typography.Text type="secondary">{NONE}</Typography.Text>;
  if (actor.email === 'system') return <Typography.Text type="secondary">system</Typography.Text>;
  return (
    <Typography.Text type="secondary" className="audit__anonymous">
      {actor.email} <span className="audit__note">(no account)</span>
    </Typography.Text>
  );
}

export function ActionTag({ action }: { action: string }) {
  return (
    <Tag color={actionColour(action)} className="audit__action" title={ACTION_LABELS[action]}>
      {action}
    </Tag>
  );
}

const USER_TARGET = /^user:(\d+)$/;

/** `user:N` links to the user's profile (with ADMIN_SHOW_USER); other targets are text. */
export function TargetCell({ target }: { target: string }) {
  const canOpen = useCan(Permission.SHOW_USER);
  if (!target) return <span>{NONE}</span>;
  const user = USER_TARGET.exec(target);
  if (user && canOpen) return <Link to={`/userprofile/${user[1]}`}>{target}</Link>;
  return <span>{target}</span>;
}

/** Details as compact JSON; long ones cut, with More / Less to show them whole (indented). */
export function DetailsCell({ row }: { row: AuditRow }) {
  const [open, setOpen] = useState(false);
  const text = compactDetails(row.details);
  if (!text) return <Typography.Text type="secondary">{NONE}</Typography.Text>;
  const long = text.length > DETAILS_PREVIEW_CHARS;
  if (!long) return <code className="audit__details">{text}</code>;
  return (
    <div className="audit__details-cell">
      {open ? (
        <pre className="audit__details audit__details--full">{prettyDetails(row.details)}</pre>
      ) : (
        <code className="audit__details" title={text}>
          {truncate(text)}
        </code>
      )}
      <Button
        type="link"
        size="small"
        className="audit__more"
        aria-expanded={open}
        aria-label={`${open ? 'Less' : 'More'} details of entry ${row.id}`}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Less' : 'More'}
      </Button>
    </div>
  );
}
