-- +goose Up
-- The outbox becomes a queue (the hardening issue): replies no longer wait for SMTP. A background worker on any node
-- claims due rows (claimed_until is its lease), delivers them, and retries failures with backoff. status: queued
-- (to deliver), sent, kept (no SMTP configured: the outbox is the mail's only copy), failed (gave up). A row of a
-- kind other than '' is a request whose mail is written at delivery (a password reset: the reply to the request
-- then does the same work whether the account exists or not). Bodies are sealed (internal/secrets); delivered mail
-- keeps no usable link, so the bodies of mail delivered before this version are cleared.
ALTER TABLE outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'queued';
ALTER TABLE outbox ADD COLUMN kind TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN client_ip TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN next_attempt_at TIMESTAMP NOT NULL DEFAULT '1970-01-01 00:00:00+00:00';
ALTER TABLE outbox ADD COLUMN claimed_until TIMESTAMP;
ALTER TABLE outbox ADD COLUMN last_error TEXT NOT NULL DEFAULT '';
UPDATE outbox SET status = CASE WHEN sent_at IS NULL THEN 'kept' ELSE 'sent' END;
UPDATE outbox SET body = '(cleared: delivered before bodies were kept without links)' WHERE sent_at IS NOT NULL;
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status = 'queued';

-- +goose Down
DROP INDEX outbox_due_idx;
ALTER TABLE outbox DROP COLUMN last_error;
ALTER TABLE outbox DROP COLUMN claimed_until;
ALTER TABLE outbox DROP COLUMN next_attempt_at;
ALTER TABLE outbox DROP COLUMN attempts;
ALTER TABLE outbox DROP COLUMN client_ip;
ALTER TABLE outbox DROP COLUMN kind;
ALTER TABLE outbox DROP COLUMN status;
