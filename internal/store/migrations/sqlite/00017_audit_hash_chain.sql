-- +goose Up
-- The audit log's hash chain (docs/decisions/0012-audit-hash-chain.md): each entry's hash is the SHA-256 of the
-- hash before it and of its own content, written with it. Entries older than this migration have none: the chain
-- starts at the first entry that has one.
ALTER TABLE audit_log ADD COLUMN hash TEXT;

-- +goose Down
ALTER TABLE audit_log DROP COLUMN hash;
