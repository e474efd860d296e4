import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { errorMessage } from '../../lib/api';
import { formatDateTimeUtc } from '../../lib/dateDisplay';
import { auditVerifyQuery } from './auditApi';
import type { AuditVerification } from './types';

/**
 * The alert's type and text for what the check found. The count is of the entries the check read, up to the entry
 * it names: entries written since, and any from before the chain existed, are not in it, so it is not the list's
 * count and does not read as one.
 */
function outcome(v: AuditVerification, checkedAt: number) {
  if (v.broken_at === null) {
    const checked = `checked ${formatDateTimeUtc(new Date(checkedAt).toISOString())}`;
    if (v.last_entry_id === null) {
      return { type: 'success' as const, title: `Audit trail intact: no chained entry to verify yet (${checked})`, description: undefined };
    }
    return {
      type: 'success' as const,
      title: `Audit trail intact up to entry #${v.last_entry_id}`,
      description:
        [`${entries(v.verified)} verified, ${checked}; later entries are checked on Re-check.`, unchainedText(v), checkpointText(v), unkeyedText(v)]
          .filter(Boolean)
          .join(' ') || undefined,
    };
  }
  return {
    type: 'error' as const,
    title: `Audit trail broken at entry #${v.broken_at}`,
    description:
      `${entries(v.verified)} before it verified. This entry was changed, or an entry before it was removed or ` +
      'added, outside the app, or the newest entries were cut away. ' +
      checkpointText(v),
  };
}

function unchainedText(v: AuditVerification) {
  return v.unchained > 0 ? `${entries(v.unchained)} from before the chain existed cannot be verified.` : '';
}

/** The newest checkpoint that holds: a copy kept outside the database proves the log up to it. */
function checkpointText(v: AuditVerification) {
  if (v.checkpoint === null) {
    return 'No signed checkpoint holds yet.';
  }
  return `Checkpoint at entry #${v.checkpoint.entry_id}, signed ${formatDateTimeUtc(v.checkpoint.signed_at)}, verified.`;
}

function unkeyedText(v: AuditVerification) {
  return v.unkeyed > 0 ? `${entries(v.unkeyed)} from an older version are proven only by checkpoints kept outside.` : '';
}

const entries = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * The audit log's hash chain, checked by the server when the screen opens: intact with how many entries it
 * verified, or broken at the first entry that does not match. Re-check runs the check again.
 */
export function AuditChainStatus() {
  const query = useQuery(auditVerifyQuery());
  const recheck = (
    <Button size="small" loading={query.isFetching} onClick={() => void query.refetch()}>
      Re-check
    </Button>
  );
  if (query.isPending) {
    return <Alert type="info" showIcon title="Checking the audit trail…" role="status" className="audit__chain" />;
  }
  if (query.isError) {
    const title = `The audit trail could not be checked: ${errorMessage(query.error)}`;
    return <Alert type="warning" showIcon title={title} action={recheck} className="audit__chain" />;
  }
  const { type, title, description } = outcome(query.data, query.dataUpdatedAt);
  return (
    <Alert
      type={type}
      showIcon
      title={title}
      description={description}
      action={recheck}
      role={type === 'error' ? 'alert' : 'status'}
      className="audit__chain"
    />
  );
}
