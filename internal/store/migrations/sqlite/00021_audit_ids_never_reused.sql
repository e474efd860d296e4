-- +goose Up
-- Audit ids are never used twice (issue 34; docs/decisions/0012-audit-hash-chain.md). SQLite gave a new row the
-- largest id plus one, so after the newest entries were deleted behind the app's back, new entries took their ids
-- and the audit stream, which goes on after the last id it delivered, never sent them. AUTOINCREMENT keeps the
-- largest id ever used (sqlite_sequence), and Dialect.NextID goes on after it. SQLite adds AUTOINCREMENT only to a
-- new table: the log is copied into one, with its indexes and its append-only triggers.
CREATE TABLE audit_log_next (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    actor_id    BIGINT,
    actor_email TEXT NOT NULL DEFAULT '',
    action      TEXT NOT NULL,
    target      TEXT NOT NULL DEFAULT '',
    details     TEXT NOT NULL DEFAULT '{}',
    ip          TEXT NOT NULL DEFAULT '',
    created_at  TIMESTAMP NOT NULL,
    hash        TEXT
);
INSERT INTO audit_log_next (id, actor_id, actor_email, action, target, details, ip, created_at, hash)
    SELECT id, actor_id, actor_email, action, target, details, ip, created_at, hash FROM audit_log ORDER BY id;
DROP TRIGGER audit_log_no_update;
DROP TRIGGER audit_log_no_delete;
DROP TABLE audit_log;
ALTER TABLE audit_log_next RENAME TO audit_log;
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC);
-- +goose StatementBegin
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'the audit log is append only');
END;
-- +goose StatementEnd
-- The hash of the last entry the stream's receiver acknowledged: the stream goes on only while the log still holds
-- that entry as it was sent.
ALTER TABLE audit_stream ADD COLUMN acked_hash TEXT;

-- +goose Down
ALTER TABLE audit_stream DROP COLUMN acked_hash;
