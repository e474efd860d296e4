-- +goose Up
-- Audit ids are never used twice (issue 34; docs/decisions/0012-audit-hash-chain.md): on PostgreSQL they come from
-- the identity sequence, which never goes back, so only SQLite's log changes here. Both record the hash of the last
-- entry the stream's receiver acknowledged: the stream goes on only while the log still holds that entry as it was
-- sent.
ALTER TABLE audit_stream ADD COLUMN acked_hash TEXT;

-- +goose Down
ALTER TABLE audit_stream DROP COLUMN acked_hash;
