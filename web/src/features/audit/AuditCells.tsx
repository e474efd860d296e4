import { Button, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { NO_DATE, formatDateTime } from '../../lib/dateDisplay';
import { Permission } from '../../lib/permissions';
import { UserEmailLink } from '../session/UserEmailLink';
import { useCan } from '../session/useCan';
import { actionColour, actionLabel } from './auditActions';
import { DETAILS_PREVIEW_CHARS, detailFields, NONE, truncate } from './auditDetails';
import { targetText } from './auditTargets';
import type { AuditRow } from './types';

/** The time in the app's format (UTC). */
export function WhenCell({ at }: { at: string }) {
  const text = formatDateTime(at);
  return text === NO_DATE ? <span>{NO_DATE}</span> : <time dateTime={at} className="audit__when">{text}</time>;
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

/** The action in words, its code in the tooltip (and for the filter); red for refusals, else its family's colour. */
export function ActionTag({ action }: { action: string }) {
  return (
    <Tag color={actionColour(action)} className="audit__action" title={action} data-action={action}>
      {actionLabel(action)}
    </Tag>
  );
}

const USER_TARGET = /^user:(\d+)$/;
const ROLE_TARGET = /^role:(\d+)$/;

/**
 * The target in words: a user's email linking to their profile (with ADMIN_SHOW_USER, as emails do elsewhere), a
 * role's name linking to Roles (with ADMIN_ROLES_LIST); other targets as text. The recorded code is the tooltip.
 */
export function TargetCell({ target, label }: { target: string; label?: string | null }) {
  const canOpenUser = useCan(Permission.SHOW_USER);
  const canOpenRoles = useCan(Permission.ROLES_LIST);
  if (!target) return <span>{NONE}</span>;
  const text = targetText(target, label);
  const user = USER_TARGET.exec(target);
  if (user && canOpenUser) {
    return (
      <Link to={`/userprofile/${user[1]}`} title={target}>
        {text}
      </Link>
    );
  }
  if (ROLE_TARGET.test(target) && label && canOpenRoles) {
    return (
      <Link to="/roles" title={target}>
        {text}
      </Link>
    );
  }
  return <span title={text === target ? undefined : target}>{text}</span>;
}

/** Fields shown before More. */
const FIELDS_SHOWN = 3;

/** Details as labelled fields; many or long ones cut, with More / Less to show them whole. */
export function DetailsCell({ row }: { row: AuditRow }) {
  const [open, setOpen] = useState(false);
  const fields = detailFields(row.details);
  if (fields.length === 0) return <Typography.Text type="secondary">{NONE}</Typography.Text>;
  const long = fields.length > FIELDS_SHOWN || fields.some((f) => f.value.length > DETAILS_PREVIEW_CHARS);
  const shown = open || !long ? fields : fields.slice(0, FIELDS_SHOWN);
  return (
    <div className="audit__details-cell">
      <dl className="audit__fields">
        {shown.map((f) => (
          <div key={f.key} className="audit__field">
            <dt>{f.label}</dt>
            <dd title={!open && f.value.length > DETAILS_PREVIEW_CHARS ? f.value : undefined}>{open ? f.value : truncate(f.value)}</dd>
          </div>
        ))}
      </dl>
      {long ? (
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
      ) : null}
    </div>
  );
}
